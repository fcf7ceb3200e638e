import { describe, expect, it } from 'vitest';
import { previewLines } from './import-preview.ts';

describe('an import preview', () => {
  it('shows each row with its status, a row with an error without one, and the file’s own errors apart', () => {
    const { lines, fileErrors } = previewLines({
      rows: 3,
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [
        { row: 4, column: 'lat', message: 'Latitude must be between -90 and 90' },
        { row: 1, column: 'scheme', message: 'Missing column' },
      ],
      row_statuses: [
        { row: 2, eid: 'PZ-1', status: 'new' },
        { row: 3, eid: 'PZ-2', status: 'changed' },
        { row: 4, eid: 'PZ-3', status: 'new' },
      ],
    });
    expect(lines.map((l) => [l.row, l.eid, l.status, l.errors.length])).toEqual([
      [2, 'PZ-1', 'new', 0],
      [3, 'PZ-2', 'changed', 0],
      [4, 'PZ-3', null, 1],
    ]);
    expect(fileErrors).toEqual([{ row: 1, column: 'scheme', message: 'Missing column' }]);
  });
});
