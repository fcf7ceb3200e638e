import { describe, expect, it } from 'vitest';
import { cellReader, readHeader, splitLine, timestampReader } from './logger-files.ts';

describe('splitLine', () => {
  it('reads quoted fields with doubled quotes and delimiters inside, and trims unquoted ones', () => {
    expect(splitLine('"2026-01-01 00:00:00",1, 12.5 ,"NAN","say ""hi"", then go"\r', ',')).toEqual([
      '2026-01-01 00:00:00',
      '1',
      '12.5',
      'NAN',
      'say "hi", then go',
    ]);
    expect(splitLine('a;1,5;;2', ';')).toEqual(['a', '1,5', '', '2']);
  });
});

describe('timestampReader', () => {
  it('reads TOA5 timestamps with and without fractional seconds as the logger’s wall clock', () => {
    const utc = timestampReader('ISO', 'UTC');
    expect(new Date(utc('2026-09-01 06:00:00')).toISOString()).toBe('2026-09-01T06:00:00.000Z');
    expect(new Date(utc('2026-09-01 06:00:00.25')).toISOString()).toBe('2026-09-01T06:00:00.250Z');
    const santiago = timestampReader('ISO', 'America/Santiago');
    // Chile keeps UTC-3 in its summer (January) and UTC-4 in winter (July)
    expect(new Date(santiago('2026-01-15 12:00:00')).toISOString()).toBe('2026-01-15T15:00:00.000Z');
    expect(new Date(santiago('2026-07-15 12:00:00')).toISOString()).toBe('2026-07-15T16:00:00.000Z');
    // a zone in the text wins
    expect(new Date(santiago('2026-07-15T12:00:00+02:00')).toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('reads a day-first pattern across a change of summer time', () => {
    const london = timestampReader('DD/MM/YYYY HH:mm:ss', 'Europe/London');
    expect(new Date(london('28/03/2026 12:00:00')).toISOString()).toBe('2026-03-28T12:00:00.000Z');
    expect(new Date(london('29/03/2026 12:00:00')).toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(new Date(london('29/03/2026 00:30:00')).toISOString()).toBe('2026-03-29T00:30:00.000Z');
  });

  it('gives NaN for what does not parse: another pattern, a month 13, 31 February', () => {
    const read = timestampReader('DD/MM/YYYY HH:mm', 'UTC');
    expect(read('2026-01-01 00:00')).toBeNaN();
    expect(read('01/13/2026 00:00')).toBeNaN();
    expect(read('31/02/2026 00:00')).toBeNaN();
    expect(timestampReader('ISO', 'UTC')('yesterday')).toBeNaN();
  });
});

describe('cellReader', () => {
  it('reads decimal commas, and NAN, blanks and the profile’s own values as no value', () => {
    const read = cellReader(',', ['-7999']);
    expect(read('101,5')).toBe(101.5);
    expect(read('-7999')).toBeNull();
    expect(read('-7999,0')).toBeNull();
    expect(read('NAN')).toBeNull();
    expect(read('')).toBeNull();
    expect(read('INF')).toBe('infinite');
    expect(read('-INF')).toBe('infinite');
    expect(read('abc')).toBe('not-a-number');
    expect(read('0x10')).toBe('not-a-number');
  });
});

describe('readHeader', () => {
  const header = [
    '"TOA5","St","CR6","1","OS","prog","sig","Table1"',
    '"TIMESTAMP","RECORD","T"',
    '"TS","RN","C"',
    '"","","Avg"',
  ];
  it('reads a TOA5 header’s names, units and processing', () => {
    expect(readHeader('toa5', header, ',')).toMatchObject({
      columns: ['TIMESTAMP', 'RECORD', 'T'],
      units: ['TS', 'RN', 'C'],
      processing: ['', '', 'Avg'],
    });
  });
  it('names what is wrong with a file that is not the profile’s format', () => {
    expect(readHeader('toa5', ['Date,Value'], ',')).toEqual({
      problem: 'Not a TOA5 file: the first line does not start with "TOA5"',
    });
    expect(readHeader('toa5', header.slice(0, 3), ',')).toEqual({ problem: 'Truncated TOA5 header: 3 of its 4 lines' });
    expect(readHeader('csv', ['justone'], ',')).toMatchObject({ problem: expect.stringMatching(/^Not a CSV file/) });
  });
});
