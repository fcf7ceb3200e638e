import { FLOOD_ALARMS_PER_10_MINUTES, needsAction, type NotificationExtra } from '@vigil/domain';
import { fromJson } from '../db/values.ts';
import type { IngestHost } from '../services/ingest/pipeline.ts';
import type { RulesEngine } from '../services/rules/engine.ts';
import { seedHistory } from './history.ts';
import { createSimulator } from './simulator.ts';
import { MINUTE_MS } from './signals.ts';

/** Warning and critical notifications of one demo project over the simulated time, by event type. */
export interface ProjectAlarms {
  project: string;
  total: number;
  byType: Record<string, number>;
  /** the most raised in any ten minutes of simulated time (ISA-18.2 calls more than 10 a flood) */
  peakTenMinutes: number;
  /** the alarms annunciated: raised and asking an operator to act (ADR 0024), what ISA-18.2 counts */
  annunciated: number;
  /** the most annunciated in any ten minutes */
  peakAnnunciated: number;
  /** the share of the counted time's ten-minute windows with more than ten annunciated (a flood) */
  floodShare: number;
}

export interface DemoRunOptions {
  /** when the simulator starts (default: `minutes` before now, so that no reading is in the future) */
  origin?: number;
  minutes?: number;
  /** days of history before the start: the statistics' baseline (a fresh demo has 90) */
  historyDays?: number;
  /** minutes run before counting starts: the steady state after a start (default none: a fresh start) */
  warmUpMinutes?: number;
}

/**
 * Runs the demo as a fresh start does, faster than real time: history up to `origin`, then the
 * simulator's rounds a minute apart (each device reads once a minute), the engine's tick after each,
 * and counts the warning and critical notifications each project raised (issue 20: measured on a
 * fresh demo, about 280 an hour per project; ISA-18.2 calls about 6 an hour per operator acceptable).
 */
export async function countDemoAlarms(
  app: IngestHost & { rulesEngine?: RulesEngine | null },
  options: DemoRunOptions = {},
): Promise<ProjectAlarms[]> {
  const engine = app.rulesEngine;
  if (!engine) throw new Error('counting the demo alarms needs the rules engine');
  const warmUp = options.warmUpMinutes ?? 0;
  const minutes = warmUp + (options.minutes ?? 60);
  const origin = options.origin ?? Date.now() - minutes * MINUTE_MS;
  await seedHistory(app, { now: origin, days: options.historyDays ?? 3 });
  const simulator = createSimulator(app, { origin });
  // the newest notification seq after each simulated minute: what a notification's seq says of its minute
  const seqAfter: number[] = [];
  for (let minute = 0; minute < minutes; minute++) {
    const now = origin + minute * MINUTE_MS + 5_000;
    await simulator.round(now);
    await engine.idle();
    await engine.tick(new Date(now));
    const newest = await app.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    seqAfter.push(Number(newest?.seq ?? 0));
  }
  const rows = await app.db
    .selectFrom('notifications as n')
    .innerJoin('projects as p', 'p.id', 'n.project_id')
    .select(['n.seq', 'p.slug', 'n.notification_type', 'n.extra'])
    .where('n.level', 'in', ['warning', 'critical'])
    .execute();
  const byProject = new Map<string, ProjectAlarms & { minutes: number[]; annunciatedMinutes: number[] }>();
  for (const row of rows) {
    const minute = seqAfter.findIndex((seq) => Number(row.seq) <= seq);
    if (minute < warmUp) continue;
    let p = byProject.get(row.slug);
    if (!p) {
      p = {
        project: row.slug,
        total: 0,
        byType: {},
        peakTenMinutes: 0,
        annunciated: 0,
        peakAnnunciated: 0,
        floodShare: 0,
        minutes: [],
        annunciatedMinutes: [],
      };
      byProject.set(row.slug, p);
    }
    p.total++;
    p.byType[row.notification_type] = (p.byType[row.notification_type] ?? 0) + 1;
    p.minutes.push(minute);
    if (needsAction(fromJson<NotificationExtra | undefined>(row.extra, undefined))) {
      p.annunciated++;
      p.annunciatedMinutes.push(minute);
    }
  }
  const windows = Math.ceil((minutes - warmUp) / 10);
  return [...byProject.values()].map(({ minutes: raised, annunciatedMinutes, ...p }) => ({
    ...p,
    peakTenMinutes: peakOf(raised, 10),
    peakAnnunciated: peakOf(annunciatedMinutes, 10),
    floodShare: floodShareOf(annunciatedMinutes, warmUp, windows),
  }));
}

/** The share of the ten-minute windows from `start` holding more than ten of `minutes` (ISA-18.2's flood). */
function floodShareOf(minutes: number[], start: number, windows: number): number {
  const counts = new Array<number>(windows).fill(0);
  for (const minute of minutes) counts[Math.min(windows - 1, Math.floor((minute - start) / 10))]!++;
  return counts.filter((n) => n > FLOOD_ALARMS_PER_10_MINUTES).length / windows;
}

/** The most entries of `minutes` within any `span` consecutive minutes. */
function peakOf(minutes: number[], span: number): number {
  const sorted = [...minutes].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= span) i++;
    peak = Math.max(peak, j - i + 1);
  }
  return peak;
}
