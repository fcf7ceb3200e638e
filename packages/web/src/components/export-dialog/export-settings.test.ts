import { describe, expect, it } from 'vitest';
import { tableExport } from './export-settings.ts';

describe('the export of one table', () => {
  it('names the dialog, the file and the sheet after the title, headings first', () => {
    const settings = tableExport(
      'PZ-03',
      [{ device: 'PZ-03', value: 1.5, at: null }],
      [
        { heading: 'Device', key: 'device' },
        { heading: 'Value', key: 'value' },
        { heading: 'Read at', key: 'at' },
      ],
    );
    expect(settings).toEqual({
      title: 'PZ-03',
      fileName: 'PZ-03',
      data: [
        {
          name: 'PZ-03',
          rows: [
            ['Device', 'Value', 'Read at'],
            ['PZ-03', 1.5, null],
          ],
        },
      ],
    });
  });
});
