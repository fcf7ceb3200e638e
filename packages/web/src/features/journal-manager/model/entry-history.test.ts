import type { JournalEntryHistoryItem } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { historyRows, valueText, type HistoryNames } from './entry-history.ts';

const names: HistoryNames = {
  locale: 'en-GB',
  device: (id) => ({ pz1: 'PZ-01 crest', pz2: 'PZ-02 toe' })[id],
  file: (id) => (id === 'f1' ? 'Inspection report' : undefined),
  none: 'none',
};

describe('an entry’s history', () => {
  it('shows values as people read them: devices and files by name, times in full, lists joined', () => {
    expect(valueText('monitored_entity_ids', ['pz1', 'pz2', 'gone'], names)).toBe('PZ-01 crest, PZ-02 toe, gone');
    expect(valueText('attachments', ['f1'], names)).toBe('Inspection report');
    expect(valueText('tags', ['seepage', 'watch'], names)).toBe('seepage, watch');
    expect(valueText('tags', [], names)).toBe('none');
    expect(valueText('title', 'Crest walk', names)).toBe('Crest walk');
    expect(valueText('text', '', names)).toBe('none');
    expect(valueText('title', null, names)).toBe('none');
    const at = new Date(2026, 10, 22, 9, 17, 43);
    expect(valueText('occurred_at', at.toISOString(), names)).toBe('22 November 2026, 09:17:43');
  });

  it('lists the newest change first, each field with its old and new value', () => {
    const items: JournalEntryHistoryItem[] = [
      {
        id: 'h1',
        action: 'created',
        at: '2026-11-22T09:20:00Z',
        user: 'operator',
        changes: [{ field: 'title', old: null, new: 'Seepage' }],
      },
      {
        id: 'h2',
        action: 'updated',
        at: '2026-11-23T10:00:00Z',
        user: 'manager',
        changes: [
          { field: 'title', old: 'Seepage', new: 'Seepage at the toe' },
          { field: 'tags', old: [], new: ['watch'] },
        ],
      },
    ];
    const rows = historyRows(items, names);
    expect(rows.map((r) => [r.id, r.user])).toEqual([
      ['h2', 'manager'],
      ['h1', 'operator'],
    ]);
    expect(rows[0]!.texts).toEqual([
      { field: 'title', old: 'Seepage', new: 'Seepage at the toe' },
      { field: 'tags', old: 'none', new: 'watch' },
    ]);
  });
});
