import { describe, expect, it } from 'vitest';
import { defaultExportFileName, fileTimestamp, withExtension } from './file-name.ts';

const NOW = new Date('2026-11-20T10:15:30.250Z');

describe('export file names', () => {
  it('defaults to the given name plus the current ISO timestamp', () => {
    expect(defaultExportFileName('piezometers', NOW)).toBe('piezometers-2026-11-20T101530.250Z');
  });

  it('keeps the timestamp free of ":" so that every system accepts the file', () => {
    expect(fileTimestamp(NOW)).not.toContain(':');
    expect(fileTimestamp(NOW)).toBe('2026-11-20T101530.250Z');
  });

  it('replaces characters that file systems refuse', () => {
    expect(defaultExportFileName('PZ-01 / PZ-02: levels', NOW)).toBe('PZ-01 - PZ-02- levels-2026-11-20T101530.250Z');
  });

  it('drops control characters', () => {
    expect(withExtension('lev\u0000els\n', 'csv')).toBe('levels.csv');
  });

  it('uses "export" when the given name is blank', () => {
    expect(defaultExportFileName('  ', NOW)).toBe('export-2026-11-20T101530.250Z');
  });

  it('appends the extension when it is missing', () => {
    expect(withExtension('levels', 'xlsx')).toBe('levels.xlsx');
    expect(withExtension('levels.csv', 'html')).toBe('levels.csv.html');
  });

  it('does not append the extension twice, in any letter case', () => {
    expect(withExtension('levels.csv', 'csv')).toBe('levels.csv');
    expect(withExtension('LEVELS.XLSX', 'xlsx')).toBe('LEVELS.XLSX');
  });
});
