import { ingestPayloads, recordInvalidPayload, type IngestHost } from '../services/ingest/pipeline.ts';
import { loadDemoInstruments, seedHistory, type DemoInstrument } from './history.ts';
import { isScriptedSilence, projectIncidents, scriptedReadings } from './incidents.ts';
import { hashString, MINUTE_MS } from './signals.ts';

/** Seconds between the simulator's rounds; each device reads once a minute, at its own second. */
export const SIMULATOR_TICK_MS = 5_000;
const LIVE_CADENCE_MS = MINUTE_MS;
const RELOAD_MS = 5 * MINUTE_MS;

export interface DemoData {
  /** resolves when the history is written (or stopped) */
  history: Promise<number>;
  /** stops history and simulator and waits for the batch in hand */
  stop(): Promise<void>;
}

/** The newest instant of a device's live grid (a minute, shifted by the device's own phase) at or before `now`. */
export function liveReadAt(device: Pick<DemoInstrument, 'eid'>, now: number): number {
  const phase = (hashString(device.eid) % 60) * 1000;
  return Math.floor((now - phase) / LIVE_CADENCE_MS) * LIVE_CADENCE_MS + phase;
}

/**
 * One reading a minute from every active demo device, through the ingest pipeline: `round(now)` sends
 * each device's newest live reading not sent yet (none during its outages) and returns how many
 * readings were stored. The device list is reloaded every 5 minutes.
 */
export function createSimulator(app: IngestHost, options: { origin?: number } = {}) {
  let devices: DemoInstrument[] = [];
  let loadedAt = -Infinity;
  const sent = new Map<string, number>();
  // The scripted incidents count from the simulator's start, so that a fresh start sees them soon.
  const origin = options.origin ?? Date.now();
  let previousRound = origin;
  return {
    async round(now = Date.now()): Promise<number> {
      if (now - loadedAt > RELOAD_MS || now < loadedAt) {
        devices = (await loadDemoInstruments(app)).filter((d) => d.active);
        loadedAt = now;
      }
      const byProject = new Map<string, unknown[]>();
      for (const device of devices) {
        const t = liveReadAt(device, now);
        if (t <= (sent.get(device.entityId) ?? device.latestReadAt ?? -Infinity)) continue;
        sent.set(device.entityId, t);
        const readings = device.model.readingsAt(t, LIVE_CADENCE_MS);
        if (!readings || isScriptedSilence(device, origin, t)) continue; // an outage: the device stays silent
        const payloads = byProject.get(device.projectId) ?? [];
        for (const r of device.model.toPayload(scriptedReadings(device, origin, t, readings), t))
          payloads.push({ eid: device.eid, read_at: new Date(t).toISOString(), ...r });
        byProject.set(device.projectId, payloads);
      }
      let stored = 0;
      for (const [projectId, payloads] of byProject) {
        stored += (await ingestPayloads(app, projectId, payloads, 'simulator')).accepted;
      }
      const projects = new Map(devices.map((d) => [d.projectId, d.projectSlug]));
      for (const [projectId, slug] of projects) {
        for (const incident of projectIncidents(slug, origin, previousRound, now)) {
          if (incident.kind === 'unknown_eid') await ingestPayloads(app, projectId, incident.payload, 'simulator');
          else await recordInvalidPayload(app, projectId, incident);
        }
      }
      previousRound = now;
      return stored;
    },
  };
}

/**
 * The demo's data: first the 90 days of history (back-filled from each device's latest reading, so a
 * restart fills the time the server was down), then, when `simulate`, the simulator every 5 seconds.
 */
export function startDemoData(
  app: IngestHost,
  options: { history: boolean; historyDays?: number; simulate: boolean },
): DemoData {
  const controller = new AbortController();
  const simulator = createSimulator(app);
  let timer: NodeJS.Timeout | undefined;
  let work: Promise<unknown> = Promise.resolve();

  function schedule() {
    if (controller.signal.aborted) return;
    timer = setTimeout(() => {
      work = simulator
        .round()
        .catch((error: unknown) => app.log.error({ err: error }, 'demo simulator round failed'))
        .finally(schedule);
    }, SIMULATOR_TICK_MS);
  }

  const started = Date.now();
  const history = (
    options.history
      ? seedHistory(app, { signal: controller.signal, days: options.historyDays ?? 90 })
      : Promise.resolve(0)
  )
    .then((stored) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (controller.signal.aborted) app.log.info(`demo history stopped after ${stored} readings (${seconds} s)`);
      else if (stored) app.log.info(`demo history: ${stored} readings in ${seconds} s`);
      if (options.simulate) schedule();
      return stored;
    })
    .catch((error: unknown) => {
      app.log.error({ err: error }, 'demo history failed');
      return 0;
    });
  work = history;

  return {
    history,
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await work;
      await history;
    },
  };
}
