import { ISO_TIMESTAMP, type ImportFormat } from './logger-imports.ts';

/**
 * Reading logger files line by line (ADR 0035), shared by the server's imports and the web app's
 * preview of a file's first rows. TOA5 is Campbell Scientific's table format: four header lines (the
 * file and logger, field names, units, processing), then quoted timestamps, RECORD numbers, values,
 * and "NAN" or "INF" where a sensor gave none. No I/O here.
 */

/** Header lines of each format before the first row of data. */
export const HEADER_LINES: Record<ImportFormat, number> = { toa5: 4, csv: 1 };

/** Values a TOA5 file writes where a sensor gave no number. */
const TOA5_NO_VALUE = new Set(['NAN', 'NaN', 'nan']);
const INFINITE = new Set(['INF', '+INF', '-INF', 'Infinity', '-Infinity', 'inf', '-inf']);

/**
 * The fields of one line: `delimiter`-separated, each maybe in double quotes (a quote inside doubled).
 * Blanks around a field are kept inside quotes and trimmed outside them.
 */
export function splitLine(line: string, delimiter: string): string[] {
  if (line.endsWith('\r')) line = line.slice(0, -1);
  if (!line.includes('"')) return line.split(delimiter).map((f) => f.trim());
  const fields: string[] = [];
  let i = 0;
  const n = line.length;
  while (i <= n) {
    while (i < n && line[i] === ' ') i++;
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) {
          value += line.slice(i);
          i = n;
          break;
        }
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      const next = line.indexOf(delimiter, i);
      fields.push(value);
      if (next < 0) break;
      i = next + delimiter.length;
    } else {
      const next = line.indexOf(delimiter, i);
      if (next < 0) {
        fields.push(line.slice(i).trim());
        break;
      }
      fields.push(line.slice(i, next).trim());
      i = next + delimiter.length;
    }
  }
  return fields;
}

/** What a file's header says: its column names (and TOA5's units and processing, per column). */
export interface FileHeader {
  columns: string[];
  units: string[];
  processing: string[];
  /** TOA5's first line: format, station, logger model, serial, OS, program, signature, table */
  environment: string[];
}

/** The header of a file from its first lines, or the reason it is not a file of `format`. */
export function readHeader(
  format: ImportFormat,
  lines: readonly string[],
  delimiter: string,
): FileHeader | { problem: string } {
  if (lines.some((line) => line.includes('\u0000'))) return { problem: 'Not a text file' };
  if (format === 'csv') {
    const columns = lines[0] === undefined ? [] : splitLine(lines[0], delimiter);
    if (columns.length < 2 || columns.every((c) => c === '')) {
      return { problem: 'Not a CSV file of the profile: the first line is not a header of columns' };
    }
    return { columns, units: [], processing: [], environment: [] };
  }
  const environment = lines[0] === undefined ? [] : splitLine(lines[0], ',');
  if (environment[0] !== 'TOA5') return { problem: 'Not a TOA5 file: the first line does not start with "TOA5"' };
  if (lines.length < 4) return { problem: `Truncated TOA5 header: ${lines.length} of its 4 lines` };
  const [columns, units, processing] = [1, 2, 3].map((i) => splitLine(lines[i]!, ','));
  if (columns!.length < 2 || units!.length !== columns!.length || processing!.length !== columns!.length) {
    return {
      problem: 'Truncated TOA5 header: its names, units and processing lines do not have the same number of fields',
    };
  }
  return { columns: columns!, units: units!, processing: processing!, environment };
}

/** A value of a cell: a number, no value (`null`: NAN, blank, one of the profile's), or why it is not one. */
export type CellValue = number | null | 'infinite' | 'not-a-number';

/** Reads cells of a file: decimal point or comma, and the texts that mean "no value" (e.g. -7999). */
export function cellReader(decimal: '.' | ',', noValue: readonly string[]): (text: string) => CellValue {
  const texts = new Set(noValue);
  const numbers = new Set(noValue.map((v) => Number(v.replace(decimal, '.'))).filter(Number.isFinite));
  return (text) => {
    if (text === '' || TOA5_NO_VALUE.has(text) || texts.has(text)) return null;
    if (INFINITE.has(text)) return 'infinite';
    const value = Number(decimal === ',' ? text.replace(',', '.') : text);
    if (!Number.isFinite(value) || /^\s*$|^0x|^0b|^0o/i.test(text)) return 'not-a-number';
    return numbers.has(value) ? null : value;
  };
}

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const TOKEN_PATTERNS: Record<string, string> = {
  YYYY: '(\\d{4})',
  MM: '(\\d{1,2})',
  DD: '(\\d{1,2})',
  HH: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
  SSS: '(\\d{1,9})',
};

/** Offsets of a time zone in ms at a UTC instant, looked up once per quarter hour of the zone's history. */
function zoneOffsets(zone: string): (utcMs: number) => number {
  if (zone === 'UTC' || zone === 'Etc/UTC') return () => 0;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const cache = new Map<number, number>();
  return (utcMs) => {
    const slot = Math.floor(utcMs / 900_000);
    let offset = cache.get(slot);
    if (offset === undefined) {
      const at = slot * 900_000;
      const parts: Record<string, number> = {};
      for (const p of format.formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
      const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
      offset = wall - at;
      if (cache.size > 100_000) cache.clear();
      cache.set(slot, offset);
    }
    return offset;
  };
}

/**
 * Reads a file's timestamps to epoch ms (NaN when one does not parse): `ISO` (a zone in the text wins)
 * or a pattern of YYYY MM DD HH mm ss SSS, read as the wall clock of `zone` (IANA), the logger's.
 */
export function timestampReader(format: string, zone: string): (text: string) => number {
  const offsetAt = zoneOffsets(zone);
  const toUtc = (wall: number) => {
    const guess = wall - offsetAt(wall);
    const offset = offsetAt(guess);
    return wall - offset;
  };
  const build = (y: number, mo: number, d: number, h: number, mi: number, s: number, frac: string | undefined) => {
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return NaN;
    const ms = frac ? Number(`0.${frac}`) * 1000 : 0;
    const wall = Date.UTC(y, mo - 1, d, h, mi, s, Math.round(ms));
    // 31 February and the like roll over: refuse them
    if (new Date(wall).getUTCDate() !== d && h < 24) return NaN;
    return wall;
  };
  if (format === ISO_TIMESTAMP) {
    return (text) => {
      const m = ISO_PATTERN.exec(text);
      if (!m) return NaN;
      const wall = build(+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), m[7]);
      if (Number.isNaN(wall)) return NaN;
      const zoneText = m[8];
      if (!zoneText) return toUtc(wall);
      if (zoneText === 'Z') return wall;
      const sign = zoneText[0] === '-' ? -1 : 1;
      const digits = zoneText.slice(1).replace(':', '');
      return wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
    };
  }
  const order: string[] = [];
  let source = '';
  for (let i = 0; i < format.length;) {
    const token = ['YYYY', 'SSS', 'MM', 'DD', 'HH', 'mm', 'ss'].find((t) => format.startsWith(t, i));
    if (token) {
      order.push(token);
      source += TOKEN_PATTERNS[token];
      i += token.length;
    } else {
      source += format[i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i += 1;
    }
  }
  const pattern = new RegExp(`^${source}$`);
  return (text) => {
    const m = pattern.exec(text);
    if (!m) return NaN;
    const at = (token: string) => {
      const index = order.indexOf(token);
      return index < 0 ? undefined : m[index + 1];
    };
    const wall = build(
      Number(at('YYYY')),
      Number(at('MM')),
      Number(at('DD')),
      Number(at('HH') ?? 0),
      Number(at('mm') ?? 0),
      Number(at('ss') ?? 0),
      at('SSS'),
    );
    return Number.isNaN(wall) ? NaN : toUtc(wall);
  };
}
