import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The budget table at the top of RESULTS.md (issue 36): every budget's latest figure, the run it comes
 * from and whether it is met. It is made from the entries the benches append, so it can never say more
 * than they recorded; `npm run bench` runs it last, and after a single bench `npx node bench/summary.ts`
 * brings it up to date. Only the section between the two markers is written: the entries are never
 * touched. Browser budgets are judged at p95 (issue 36); older entries give the median and the max of
 * 5 to 15 loads, and for so few loads the nearest-rank p95 is the max, so the max is read as the p95.
 */

/** One entry of RESULTS.md: its heading's date, the bench's command and its text. */
interface Entry {
  date: string;
  command: string;
  text: string;
  tables: string[][][];
}

/** What a budget's extractor finds in an entry: the judged figure, the median beside it, met or not. */
interface Found {
  figure: string;
  median?: string;
  met: boolean;
}

interface Budget {
  name: string;
  budget: string;
  /** its bench: an entry whose command names another bench file is not read for it (`npm run bench` names none) */
  bench?: string;
  find: (entry: Entry) => Found | undefined;
}

const START = '<!-- budget summary: written by bench/summary.ts from the entries below; edits here are lost -->';
const END = '<!-- end of the budget summary -->';

const number = (text: string | undefined) => (text === undefined ? Number.NaN : Number(text.replace(/[*,\s]/g, '')));
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

function parseEntries(markdown: string): Entry[] {
  const parts = markdown.split(/^(?=## \d{4}-\d\d-\d\d)/m).slice(1);
  return parts.map((text) => {
    const date = /^## (\d{4}-\d\d-\d\d \d\d:\d\d)/.exec(text)![1]!;
    const command = /^- command: (.+)$/im.exec(text)?.[1] ?? '';
    const tables: string[][][] = [];
    let current: string[][] | undefined;
    for (const line of text.split('\n')) {
      if (!line.startsWith('|')) {
        current = undefined;
        continue;
      }
      const cells = line
        .slice(1, line.endsWith('|') ? -1 : undefined)
        .split('|')
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      if (!current) tables.push((current = []));
      current.push(cells);
    }
    return { date, command, text, tables };
  });
}

/** The cells of the first table row whose first cell matches `row`, by header (matched by `column`). */
function rows(entry: Entry, row: RegExp, column: RegExp): Array<{ label: string; value: number }> {
  const found: Array<{ label: string; value: number }> = [];
  for (const [header, ...body] of entry.tables) {
    const index = header!.findIndex((h) => column.test(h));
    if (index < 0) continue;
    for (const cells of body) if (row.test(cells[0]!)) found.push({ label: cells[0]!, value: number(cells[index]) });
  }
  return found.filter((f) => Number.isFinite(f.value));
}

const cell = (entry: Entry, row: RegExp, column: RegExp) => rows(entry, row, column)[0]?.value;

/** A browser budget judged at p95: the row's median and max (its nearest-rank p95 for ≤ 20 loads). */
function atP95(row: RegExp, limit: number): (entry: Entry) => Found | undefined {
  return (entry) => {
    const p95 = cell(entry, row, /^p95/) ?? cell(entry, row, /^max/);
    if (p95 === undefined) return undefined;
    const median = cell(entry, row, /^(median|p50)/);
    return { figure: `p95 ${ms(p95)}`, median: median === undefined ? undefined : ms(median), met: p95 <= limit };
  };
}

/** A budget on the median (a server call's p50), the worst of the matching rows; p99 beside it if recorded. */
function atP50(row: RegExp, limit: number, command?: RegExp): (entry: Entry) => Found | undefined {
  return (entry) => {
    if (command && !command.test(entry.command)) return undefined;
    const p50s = rows(entry, row, /^p50/);
    if (!p50s.length) return undefined;
    const worst = Math.max(...p50s.map((r) => r.value));
    const p99s = rows(entry, row, /^p99/).map((r) => r.value);
    const tail = p99s.length ? `p99 ${Math.max(...p99s).toFixed(1)} ms` : '–';
    return { figure: tail, median: `${worst.toFixed(1)} ms`, met: worst <= limit };
  };
}

/** A size in KiB from the bundle table of any entry. */
function bundle(row: RegExp, limit: number): (entry: Entry) => Found | undefined {
  return (entry) => {
    const kib = cell(entry, row, /gzip/);
    return kib === undefined ? undefined : { figure: `${kib.toFixed(1)} KiB`, met: kib <= limit };
  };
}

/** A figure in a sentence: `pattern`'s first group, judged against `limit` (or `above`, for a floor). */
function said(pattern: RegExp, unit: string, limit: number, above = false): (entry: Entry) => Found | undefined {
  return (entry) => {
    const value = number(pattern.exec(entry.text)?.[1]);
    if (!Number.isFinite(value)) return undefined;
    return { figure: `${value.toLocaleString('en')}${unit}`, met: above ? value > limit : value <= limit };
  };
}

const BUDGETS: Budget[] = [
  { name: 'login page JavaScript (issue 36)', budget: '≤ 200 KiB gzip', find: bundle(/^login page total/, 200) },
  {
    name: 'signed-in first page JavaScript (issue 36)',
    budget: '≤ 250 KiB gzip',
    find: bundle(/^signed-in first page total/, 250),
  },
  {
    name: 'field link: sign-in → landing dashboard drawn (issue 36)',
    budget: '≤ 6 s at p95',
    bench: 'field-link.ts',
    find: atP95(/^sign-in → landing dashboard drawn/, 6000),
  },
  {
    name: '8 chart cards drawn, warm (issue 17)',
    budget: '≤ 1,000 ms at p95',
    bench: 'dashboard-draw.ts',
    find: atP95(/charts drawn, warm/, 1000),
  },
  {
    name: 'chart zoom: server p50 + redraw median (issue 18)',
    budget: '≤ 150 ms',
    bench: 'chart-zoom.ts',
    find: (entry) => {
      const value = cell(entry, /server p50 \+ redraw median/, /^median/);
      return value === undefined ? undefined : { figure: '–', median: ms(value), met: value <= 150 };
    },
  },
  {
    name: 'heatmap, worst of the four calls (issue 18)',
    budget: '≤ 50 ms p50',
    bench: 'heatmap.ts',
    find: atP50(/metrics\/heatmap/, 50),
  },
  {
    name: 'state map of 2,000 devices, warm (issue 19)',
    budget: '≤ 500 ms at p95',
    bench: 'state-map.ts',
    find: atP95(/clusters painted, warm/, 500),
  },
  {
    name: 'state map zoom redraw (issue 19)',
    budget: '≤ 100 ms at p95',
    bench: 'state-map.ts',
    find: atP95(/^zoom in one level, the redraw/, 100),
  },
  {
    name: 'alarms annunciated an hour, worst project (issue 20)',
    budget: '≤ 6 an hour',
    bench: 'alarm-hour.ts',
    find: (entry) => {
      const values = rows(entry, /./, /^alarms annunciated/).map((r) => r.value);
      if (!values.length) return undefined;
      const worst = Math.max(...values);
      return { figure: `${worst} an hour`, met: worst <= 6 };
    },
  },
  { name: 'JPEG upload processed (issue 21)', budget: '≤ 1,500 ms p50', bench: 'media.ts', find: atP50(/JPEG/, 1500) },
  { name: 'files list of 1,000 (issue 21)', budget: '≤ 50 ms p50', bench: 'media.ts', find: atP50(/^GET files/, 50) },
  {
    name: 'cross-section side-view data (issue 24)',
    budget: '≤ 100 ms p50',
    bench: 'cross-section-data.ts',
    find: atP50(/side-view data/, 100),
  },
  {
    name: 'cross section "3 months": data → drawn (issue 24)',
    budget: '≤ 300 ms at p95',
    bench: 'cross-section-draw.ts',
    find: atP95(/90-day envelopes.*data arrived → drawn/, 300),
  },
  {
    name: 'cross-section page load: data → drawn (issue 36)',
    budget: '≤ 300 ms at p95',
    bench: 'cross-section-draw.ts',
    find: atP95(/^page load, .*data arrived → drawn/, 300),
  },
  {
    name: 'register dry run, slowest kind (issue 31)',
    budget: '≤ 3 s',
    bench: 'register.ts',
    find: (entry) => {
      const values = rows(entry, /^dry run/, /^s \(median\)/).map((r) => r.value);
      if (!values.length) return undefined;
      return { figure: `${Math.max(...values)} s (median)`, met: Math.max(...values) <= 3 };
    },
  },
  {
    name: 'register import (issue 31)',
    budget: '≤ 10 s',
    bench: 'register.ts',
    find: (entry) => {
      const values = rows(entry, /^import/, /^s \(median\)/).map((r) => r.value);
      if (!values.length) return undefined;
      return { figure: `${Math.max(...values)} s`, met: Math.max(...values) <= 10 };
    },
  },
  {
    name: '/devices opened, 2,000 rows (issue 31)',
    budget: '≤ 1,000 ms at p95',
    bench: 'devices-table.ts',
    find: (entry) => {
      const m = /p50 (\d+) ms, p95 (\d+) ms: budget/.exec(entry.text);
      return m ? { figure: `p95 ${ms(number(m[2]))}`, median: ms(number(m[1])), met: number(m[2]) <= 1000 } : undefined;
    },
  },
  {
    name: 'typing in the devices search: longest frame gap (issue 31)',
    budget: '≤ 34 ms',
    bench: 'devices-table.ts',
    find: said(/without a dropped frame: longest gap ([\d.]+) ms/, ' ms', 34),
  },
  {
    name: 'TOA5 file of 500,000 rows imported and evaluated (issue 32)',
    budget: '≤ 60 s',
    bench: 'logger-import.ts',
    find: said(/\| import done and evaluated \| ([\d.]+) s/, ' s', 60),
  },
  {
    name: 'logger import: resident memory growth (issue 32)',
    budget: '≤ 200 MB (190.7 MiB)',
    bench: 'logger-import.ts',
    find: said(/\| peak RSS growth[^|]*\| ([\d,]+) MiB/, ' MiB', 190.7),
  },
  {
    name: 'year of minutes with envelope (issue 33)',
    budget: '≤ 50 ms',
    bench: 'envelope.ts',
    find: (entry) => {
      const m = /envelope p50 ([\d.]+) ms, p95 ([\d.]+) ms/.exec(entry.text);
      return m ? { figure: `p95 ${m[2]} ms`, median: `${m[1]} ms`, met: number(m[2]) <= 50 } : undefined;
    },
  },
  {
    name: 'recomputation of a year, worst round (issue 34)',
    budget: '≤ 10 s',
    bench: 'recompute.ts',
    find: said(/Budget: ≤ 10 s: [^(]*\(worst ([\d.]+) s\)/, ' s', 10),
  },
  {
    name: "others' ingest during a recomputation, worst round (issue 34)",
    budget: '> 0.5 of usual',
    bench: 'recompute.ts',
    find: said(/half its usual rate: [^(]*\(worst ([\d.]+)\)/, '', 0.5, true),
  },
  {
    name: 'ingest → stream client under load (issue 6)',
    budget: '≤ 100 ms p99',
    bench: 'notifications',
    find: (entry) => {
      const p99 = cell(entry, /^ingest → stream client/, /^p99/);
      const p50 = cell(entry, /^ingest → stream client/, /^p50/);
      return p99 === undefined ? undefined : { figure: `p99 ${ms(p99)}`, median: p50 && ms(p50), met: p99 <= 100 };
    },
  },
  {
    name: 'ingest → all 1,000 stream clients, worst round (issue 6)',
    budget: '≤ 1 s',
    bench: 'notifications',
    find: (entry) => {
      const lost = /^- Not arrived: (\d+)/m.exec(entry.text)?.[1];
      if (lost) return { figure: `${lost} not arrived`, met: false };
      const worst = cell(entry, /^ingest → all/, /^p99/);
      const p50 = cell(entry, /^ingest → all/, /^p50/);
      if (worst === undefined) return undefined;
      return { figure: `max ${ms(worst)}`, median: p50 && ms(p50), met: worst <= 1000 };
    },
  },
  ...(
    [
      ['Q1 timeseries, 10 × 7 days', /^SQLite.*Q1/, 10],
      ['Q2 latest of 200', /^SQLite.*Q2/, 5],
      ['Q3 daily, 200 × 30 days, worst of three', /^SQLite.*Q3/, 50],
    ] as const
  ).map(([name, row, limit]) => ({
    name: `${name}, SQLite (issue 5)`,
    budget: `≤ ${limit} ms p50`,
    bench: 'metrics.ts',
    find: atP50(row, limit),
  })),
  {
    name: 'metrics workload ingest, SQLite (issue 5)',
    budget: '≥ 200,000 values/s',
    bench: 'metrics.ts',
    find: said(/SQLite file \(WAL\): ingested .*?\*\*(\d+) values\/s\*\*/, ' values/s', 199_999, true),
  },
  {
    name: 'bytes per value on disk after compaction, SQLite (issue 37)',
    budget: '≤ 10',
    bench: 'metrics.ts',
    find: (entry) => {
      const value = cell(entry, /^SQLite/, /^bytes per value on disk/);
      return value === undefined ? undefined : { figure: `${value} bytes`, met: value <= 10 };
    },
  },
  {
    name: 'alarm flood of 500 reaches the first step by e-mail and SMS, none twice (issue 38)',
    budget: '≤ 10 s p99',
    bench: 'call-out-flood.ts',
    find: (entry) => {
      const p99s = rows(entry, /^(e-mail|SMS)/, /^p99/).map((r) => r.value);
      const p50s = rows(entry, /^(e-mail|SMS)/, /^p50/).map((r) => r.value);
      const verdict = /: (met|NOT met)$/m.exec(/^- Budget "a flood.*$/m.exec(entry.text)?.[0] ?? '')?.[1];
      if (!p99s.length || !verdict) return undefined;
      return { figure: `p99 ${ms(Math.max(...p99s))}`, median: ms(Math.max(...p50s)), met: verdict === 'met' };
    },
  },
  {
    name: 'monthly report of Cerro Azul while ingest runs (issue 39)',
    budget: '≤ 20 s',
    bench: 'report-generation.ts',
    find: said(/Budget: ≤ 20 s: [^(]*\(([\d.]+) s\)/, ' s', 20),
  },
  {
    name: 'memory added by a monthly report (issue 39)',
    budget: '≤ 300 MB',
    bench: 'report-generation.ts',
    find: said(/Budget: ≤ 300 MB added: [^(]*\((-?[\d.]+) MB\)/, ' MB', 300),
  },
];

export function summarise(markdown: string): string {
  const entries = parseEntries(markdown);
  const lines = [
    START,
    '',
    '## Budgets: the latest figures',
    '',
    `From the newest entry below that records each (entries up to ${entries.at(-1)?.date ?? '–'} UTC). Browser budgets`,
    'are judged at p95 (for runs of 5 to 15 loads the max is the nearest-rank p95); budgets stated on a median',
    'are judged on it; the run column gives the entry to read for the set-up and the machine.',
    '',
    '| budget | limit | latest figure | median | met | run (UTC) |',
    '| --- | --- | ---: | ---: | --- | --- |',
  ];
  for (const b of BUDGETS) {
    let found: { entry: Entry; result: Found } | undefined;
    for (const entry of entries) {
      const named = /bench\/[\w-]+\.ts/.exec(entry.command)?.[0];
      if (b.bench && named && !named.includes(b.bench)) continue;
      const result = b.find(entry);
      if (result) found = { entry, result };
    }
    lines.push(
      found
        ? `| ${b.name} | ${b.budget} | ${found.result.figure} | ${found.result.median ?? '–'} | ${found.result.met ? 'met' : '**NOT met**'} | ${found.entry.date} |`
        : `| ${b.name} | ${b.budget} | not recorded | | | |`,
    );
  }
  lines.push('', END);
  return lines.join('\n');
}

/** Puts the summary after the file's header, replacing the former summary and nothing else. */
export function withSummary(markdown: string, summary: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start >= 0 && end > start) return markdown.slice(0, start) + summary + markdown.slice(end + END.length);
  const firstEntry = markdown.search(/^## \d{4}-/m);
  const at = firstEntry < 0 ? markdown.length : firstEntry;
  return `${markdown.slice(0, at)}${summary}\n\n${markdown.slice(at)}`;
}

if (import.meta.main) {
  const file = join(import.meta.dirname, 'RESULTS.md');
  const summary = summarise(readFileSync(file, 'utf8'));
  // read again just before writing: another bench may have appended meanwhile
  writeFileSync(file, withSummary(readFileSync(file, 'utf8'), summary));
  console.log(summary);
}
