import { describe, expect, it } from 'vitest';
import { renderCsv } from './csv.ts';

describe('csv export', () => {
  it('writes one line per row with CRLF line ends', () => {
    const csv = renderCsv({
      name: 'Levels',
      rows: [
        ['Instrument', 'Level (m)'],
        ['PZ-01', 101.25],
        ['PZ-02', -3.5],
      ],
    });
    expect(csv).toBe('Instrument,Level (m)\r\nPZ-01,101.25\r\nPZ-02,-3.5\r\n');
  });

  it('quotes fields holding commas, quotes or line breaks and doubles the quotes', () => {
    const csv = renderCsv({ name: 'Notes', rows: [['a, b', 'say "hi"', 'two\nlines', 'plain']] });
    expect(csv).toBe('"a, b","say ""hi""","two\nlines",plain\r\n');
  });

  it('writes dates as ISO-8601 and missing values as empty fields', () => {
    const csv = renderCsv({ name: 'Readings', rows: [[new Date('2026-11-20T10:00:00Z'), null, undefined, true]] });
    expect(csv).toBe('2026-11-20T10:00:00.000Z,,,true\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula from being run', () => {
    const csv = renderCsv({ name: 'Notes', rows: [['=HYPERLINK("x")', '+1', '@SUM(A1)', '-x', '-5']] });
    expect(csv).toBe(`"'=HYPERLINK(""x"")",'+1,'@SUM(A1),'-x,-5\r\n`);
  });

  it('gives an empty file for a sheet without rows', () => {
    expect(renderCsv({ name: 'Empty', rows: [] })).toBe('');
  });
});
