import type { JournalEntry } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { changedFields, createBody, entryFormSchema, entryFormValues } from './entry-form.ts';

const entry: JournalEntry = {
  id: 'e1',
  journal: 'j1',
  title: 'Seepage at the toe',
  text: 'Wet patch 2 m wide',
  occurred_at: '2026-11-22T09:17:43.000Z',
  author: 'operator',
  tags: ['seepage'],
  monitored_entity_ids: ['pz1'],
  attachments: [],
  created_at: '2026-11-22T09:20:00.000Z',
  updated_at: '2026-11-22T09:20:00.000Z',
  updated_by: 'operator',
};

describe('the entry dialog', () => {
  it('starts from the entry, or from a blank entry occurring now', () => {
    expect(entryFormValues(entry, new Date())).toMatchObject({ title: 'Seepage at the toe', deviceIds: ['pz1'] });
    const now = new Date(2026, 10, 26, 9, 30, 12);
    expect(entryFormValues(null, now)).toEqual({
      title: '',
      text: '',
      occurredAt: '2026-11-26T09:30',
      tags: [],
      deviceIds: [],
      attachmentIds: [],
    });
  });

  it('creates an entry in the journal with its time’s zone and tidy tags', () => {
    const values = {
      ...entryFormValues(null, new Date(2026, 10, 26, 9, 30)),
      title: ' Crest walk ',
      tags: ['a', ' a', ''],
    };
    expect(createBody('j1', values)).toEqual({
      journal: 'j1',
      title: 'Crest walk',
      text: '',
      occurred_at: new Date(2026, 10, 26, 9, 30).toISOString(),
      tags: ['a'],
      monitored_entity_ids: [],
      attachments: [],
    });
  });

  it('sends only the fields that changed, and nothing when none did', () => {
    const unchanged = entryFormValues(entry, new Date());
    expect(changedFields(entry, unchanged)).toBeNull();
    // the dialog shows the time to the minute: untouched, its seconds are kept
    expect(changedFields(entry, { ...unchanged, tags: [' seepage '] })).toBeNull();
    expect(changedFields(entry, { ...unchanged, title: 'Seepage at the toe, growing' })).toEqual({
      title: 'Seepage at the toe, growing',
    });
    expect(changedFields(entry, { ...unchanged, tags: ['seepage', 'watch'], attachmentIds: ['f1'] })).toEqual({
      tags: ['seepage', 'watch'],
      attachments: ['f1'],
    });
    const moved = changedFields(entry, { ...unchanged, occurredAt: '2026-11-21T08:00' });
    expect(moved).toEqual({ occurred_at: new Date(2026, 10, 21, 8, 0).toISOString() });
  });

  it('refuses what the service refuses: no title, a title too long, a time that is not one', () => {
    const values = entryFormValues(null, new Date());
    expect(entryFormSchema.safeParse({ ...values, title: 'Walk' }).success).toBe(true);
    const issue = (changes: object) =>
      entryFormSchema.safeParse({ ...values, title: 'Walk', ...changes }).error?.issues[0];
    expect(issue({ title: '   ' })).toMatchObject({ path: ['title'], code: 'too_small' });
    expect(issue({ title: 'x'.repeat(201) })).toMatchObject({ path: ['title'], code: 'too_big' });
    expect(issue({ occurredAt: '' })).toMatchObject({ path: ['occurredAt'] });
  });
});
