import type { AlarmSection } from './alarm-section.ts';
import type { CompletenessRow } from './completeness-section.ts';
import type { FieldRecords } from './field-records-section.ts';
import type { LastValueRow, LimitStanding } from './last-values-section.ts';
import { heading, INK, MUTED, paragraph, table, type Pdf } from './pdf-layout.ts';
import { fill, type ReportTexts } from './report-texts.ts';
import type { WeatherSection } from './weather-section.ts';

/** The tables of a report's sections: each in its template's language, times in its zone. */

const STANDING_COLOURS: Record<LimitStanding, string> = {
  normal: '#2e7d32',
  warning: '#e08a00',
  critical: '#c62828',
  no_limits: MUTED,
  no_value: MUTED,
};

/** "2 h 05 min", "3 d 4 h": units every language of Vigil reads. */
export function duration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** How a report shows values in its language: times in its zone; states and alarms in the web app's words. */
export interface Formats {
  time: (iso: string | number | null) => string;
  number: (v: number | null) => string;
  state: (value: unknown) => string;
  alarmSource: (source: string) => string;
  alarmLevel: (level: string) => string;
}

const range = (f: Formats, r: { lower: number | null; upper: number | null }) =>
  r.lower === null && r.upper === null ? '—' : `${f.number(r.lower)} / ${f.number(r.upper)}`;

export function lastValues(doc: Pdf, rows: LastValueRow[], texts: ReportTexts, f: Formats, colour: string) {
  if (!rows.length) return paragraph(doc, texts.noInstruments, { colour: MUTED });
  table(
    doc,
    [
      { header: texts.instrument, weight: 2 },
      // wide enough for a state's name in words ("desconhecido", "неизвестно")
      { header: texts.safetyState, weight: 1.5 },
      { header: texts.metric, weight: 1.6 },
      { header: texts.lastValue, weight: 1.3, align: 'right' },
      { header: texts.readAt, weight: 1.6 },
      { header: texts.warningLimits, weight: 1.3, align: 'right' },
      { header: texts.criticalLimits, weight: 1.3, align: 'right' },
      { header: texts.standing, weight: 1.1 },
    ],
    rows.map((r) => [
      `${r.eid} ${r.title}`,
      f.state(r.safetyState),
      r.unit ? `${r.metric} (${r.unit})` : r.metric,
      f.number(r.value),
      f.time(r.readAt),
      range(f, r.warning),
      range(f, r.critical),
      { text: texts.standings[r.standing], colour: STANDING_COLOURS[r.standing] },
    ]),
    colour,
  );
}

export function completenessTable(doc: Pdf, rows: CompletenessRow[], texts: ReportTexts, f: Formats, colour: string) {
  if (!rows.length) return paragraph(doc, texts.noInstruments, { colour: MUTED });
  const percent = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)} %`);
  table(
    doc,
    [
      { header: texts.instrument, weight: 2.2 },
      { header: texts.sla, weight: 1.2, align: 'right' },
      { header: texts.expected, weight: 1.2, align: 'right' },
      { header: texts.received, weight: 1.2, align: 'right' },
      { header: texts.completeness, weight: 1.5, align: 'right' },
      { header: texts.gaps, weight: 3.3 },
    ],
    rows.map((r) => [
      `${r.device.eid} ${r.device.title}`,
      r.device.slaSeconds > 0 ? duration(r.device.slaSeconds) : '—',
      r.expected === null ? '—' : String(r.expected),
      String(r.received),
      {
        text: percent(r.percent),
        colour: r.percent === null ? MUTED : r.percent >= 95 ? '#2e7d32' : r.percent >= 80 ? '#e08a00' : '#c62828',
      },
      r.gaps.length
        ? r.gaps
            .map((g) => fill(texts.gap, { from: f.time(g.from), to: f.time(g.to), duration: duration(g.seconds) }))
            .join('\n')
        : texts.none,
    ]),
    colour,
  );
}

export function alarms(doc: Pdf, section: AlarmSection, texts: ReportTexts, f: Formats, colour: string) {
  if (!section.rows.length) return paragraph(doc, texts.noAlarms);
  paragraph(
    doc,
    fill(texts.alarmSummary, {
      raised: section.raised,
      acknowledged: section.acknowledged,
      median: section.medianSecondsToAcknowledge === null ? '—' : duration(section.medianSecondsToAcknowledge),
    }),
  );
  table(
    doc,
    [
      { header: texts.alarm, weight: 2.2 },
      { header: texts.level, weight: 1 },
      { header: texts.raised, weight: 1.5 },
      { header: texts.acknowledged, weight: 1.8 },
      { header: texts.timeToAcknowledge, weight: 1.1, align: 'right' },
      { header: texts.comments, weight: 2.4 },
      { header: texts.tarpActions, weight: 2 },
    ],
    section.rows.map((r) => [
      `${r.title ? `${r.title} · ` : ''}${f.alarmSource(r.source)}${r.tarpLevel ? ` (TARP ${r.tarpLevel})` : ''}`,
      {
        text: f.alarmLevel(r.level),
        colour: r.level === 'critical' ? '#c62828' : r.level === 'warning' ? '#e08a00' : INK,
      },
      f.time(r.raisedAt),
      r.acknowledgedAt ? `${f.time(r.acknowledgedAt)}\n${r.acknowledgedBy ?? ''}` : '—',
      r.secondsToAcknowledge === null ? '—' : duration(r.secondsToAcknowledge),
      r.comments.join('\n') || '—',
      r.tarpActionsDone.join('\n') || '—',
    ]),
    colour,
  );
}

export function fieldRecords(doc: Pdf, records: FieldRecords, texts: ReportTexts, f: Formats, colour: string) {
  heading(doc, texts.manualReadings, 2, colour);
  if (!records.readings.length) paragraph(doc, texts.noManualReadings, { colour: MUTED });
  else
    table(
      doc,
      [
        { header: texts.instrument, weight: 2.2 },
        { header: texts.readAt, weight: 1.6 },
        { header: texts.values, weight: 3 },
        { header: texts.enteredBy, weight: 1.2 },
        { header: texts.correctedBy, weight: 1.2 },
      ],
      records.readings.map((r) => [r.device, f.time(r.readAt), r.values, r.enteredBy ?? '—', r.correctedBy ?? '—']),
      colour,
    );
  heading(doc, texts.journalEntries, 2, colour);
  if (!records.entries.length) paragraph(doc, texts.noJournalEntries, { colour: MUTED });
  else
    table(
      doc,
      [
        { header: texts.occurredAt, weight: 1.5 },
        { header: texts.entry, weight: 4.5 },
        { header: texts.author, weight: 1.1 },
        { header: texts.devices, weight: 2 },
      ],
      records.entries.map((e) => [
        f.time(e.occurred_at),
        e.text ? `${e.title}\n${e.text.length > 800 ? `${e.text.slice(0, 800)}…` : e.text}` : e.title,
        e.author ?? '—',
        e.devices || '—',
      ]),
      colour,
    );
}

export function weather(doc: Pdf, section: WeatherSection, texts: ReportTexts, f: Formats, colour: string) {
  paragraph(doc, `${texts.station}: ${section.station}`);
  if (!section.stats.length) return paragraph(doc, texts.noData, { colour: MUTED });
  table(
    doc,
    [
      { header: texts.metric, weight: 2.5 },
      { header: texts.total, weight: 1, align: 'right' },
      { header: texts.mean, weight: 1, align: 'right' },
      { header: texts.min, weight: 1, align: 'right' },
      { header: texts.max, weight: 1, align: 'right' },
    ],
    section.stats.map((s) => [
      s.unit ? `${s.label} (${s.unit})` : s.label,
      f.number(s.total),
      f.number(s.mean),
      f.number(s.min),
      f.number(s.max),
    ]),
    colour,
  );
  if (!section.daily?.days.length) return;
  heading(doc, `${texts.dailyTotals}: ${section.daily.label} (${section.daily.unit})`, 2, colour);
  table(
    doc,
    [
      { header: texts.day, weight: 1 },
      { header: texts.total, weight: 1, align: 'right' },
    ],
    section.daily.days.map((d) => [d.day.slice(0, 10), f.number(d.total)]),
    colour,
  );
}
