import { HEADER_LINES, readHeader, splitLine, type FileHeader, type ImportFormat } from '@vigil/domain';

/** The bytes of a file read for its preview: enough for the header and first rows of any logger file. */
export const SAMPLE_BYTES = 64 * 1024;
/** Rows of data the preview shows beside each column. */
export const SAMPLE_ROWS = 3;

const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** A file's first lines as text: its first SAMPLE_BYTES only (File.slice), the line cut there dropped. */
export async function readSampleLines(file: Blob): Promise<string[]> {
  const text = await file.slice(0, SAMPLE_BYTES).text();
  const complete = file.size <= SAMPLE_BYTES;
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (!complete || lines.at(-1) === '') lines.pop();
  return lines;
}

/** The format a file's first line shows: TOA5 says so; otherwise CSV, with the delimiter it uses most. */
export function guessFormat(firstLine: string): { format: ImportFormat; delimiter: CsvDelimiter } {
  if (/^"?TOA5"?,/.test(firstLine)) return { format: 'toa5', delimiter: ',' };
  const counts = CSV_DELIMITERS.map((d) => firstLine.split(d).length);
  return { format: 'csv', delimiter: CSV_DELIMITERS[counts.indexOf(Math.max(...counts))]! };
}

/** What the preview shows of a file: its header, and the fields of its first rows. */
export interface FileSample {
  header: FileHeader;
  rows: string[][];
}

/** A file's header and first rows as `format` reads them, or why it is not such a file. */
export function sampleOf(
  lines: readonly string[],
  format: ImportFormat,
  delimiter: string,
): FileSample | { problem: string } {
  const headerLines = HEADER_LINES[format];
  const header = readHeader(format, lines.slice(0, headerLines), format === 'toa5' ? ',' : delimiter);
  if ('problem' in header) return header;
  const rows = lines
    .slice(headerLines)
    .filter((line) => line.trim() !== '')
    .slice(0, SAMPLE_ROWS)
    .map((line) => splitLine(line, format === 'toa5' ? ',' : delimiter));
  return { header, rows };
}

/** The values of column `index` in the sample's rows. */
export const samplesOf = (sample: FileSample | null, index: number) =>
  sample ? sample.rows.map((row) => row[index] ?? '') : [];
