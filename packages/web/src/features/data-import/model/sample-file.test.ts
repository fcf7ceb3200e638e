import { describe, expect, it } from 'vitest';
import { guessFormat, readSampleLines, SAMPLE_BYTES, sampleOf } from './sample-file.ts';

const TOA5 = [
  '"TOA5","Crest","CR6","12345","CR6.Std.12.01","CPU:Crest.CR6","34567","Table1"',
  '"TIMESTAMP","RECORD","BattV","Pz_kPa"',
  '"TS","RN","Volts","kPa"',
  '"","","Min","Smp"',
  '"2026-11-20 10:00:00",1,12.9,101.3',
  '"2026-11-20 10:10:00",2,12.9,"NAN"',
].join('\r\n');

describe('a sample of a logger file', () => {
  it('reads the first 64 KB only, and leaves out the line cut there', async () => {
    const row = '"2026-11-20 10:00:00",1,12.9,101.3\r\n';
    const big = new Blob([TOA5, '\r\n', row.repeat(Math.ceil((SAMPLE_BYTES * 3) / row.length))]);
    const sliced: number[] = [];
    const spy = Object.assign(big, {
      slice: (start?: number, end?: number) => {
        sliced.push((end ?? big.size) - (start ?? 0));
        return Blob.prototype.slice.call(big, start, end);
      },
    });
    const lines = await readSampleLines(spy);
    expect(sliced).toEqual([SAMPLE_BYTES]);
    expect(lines.slice(0, 2)).toEqual([TOA5.split('\r\n')[0], TOA5.split('\r\n')[1]]);
    expect(lines.at(-1)).toBe(row.trimEnd());
  });

  it('reads a small file whole, without the empty line after its last', async () => {
    const lines = await readSampleLines(new Blob([`${TOA5}\r\n`]));
    expect(lines).toHaveLength(6);
  });

  it('shows a TOA5 file’s names with their units and its first rows', () => {
    const sample = sampleOf(TOA5.split('\r\n'), 'toa5', ',');
    expect(sample).toMatchObject({
      header: { columns: ['TIMESTAMP', 'RECORD', 'BattV', 'Pz_kPa'], units: ['TS', 'RN', 'Volts', 'kPa'] },
      rows: [
        ['2026-11-20 10:00:00', '1', '12.9', '101.3'],
        ['2026-11-20 10:10:00', '2', '12.9', 'NAN'],
      ],
    });
  });

  it('says why a file is not of the format chosen', () => {
    expect(sampleOf(['Date;Level', '20.11.2026;1,5'], 'toa5', ',')).toEqual({
      problem: 'Not a TOA5 file: the first line does not start with "TOA5"',
    });
  });

  it('guesses TOA5 from its first line, and a CSV file’s delimiter', () => {
    expect(guessFormat(TOA5.split('\r\n')[0]!)).toEqual({ format: 'toa5', delimiter: ',' });
    expect(guessFormat('Date;Level;Temperature')).toEqual({ format: 'csv', delimiter: ';' });
    expect(guessFormat('Date\tLevel')).toEqual({ format: 'csv', delimiter: '\t' });
  });
});
