import { describe, expect, it } from 'vitest';
import { changedFields } from './field-changes.ts';

describe('changedFields', () => {
  it('names the fields whose values differ, with both values, comparing lists and objects by content', () => {
    const before = { title: 'PZ-01', labels: ['toe'], location: { lat: 1, lon: 2 }, sla: 3600 };
    const after = { title: 'PZ-01', labels: ['toe', 'east'], location: { lat: 1, lon: 2 }, sla: 900 };
    expect(changedFields(before, after, ['title', 'labels', 'location', 'sla'])).toEqual({
      labels: { old: ['toe'], new: ['toe', 'east'] },
      sla: { old: 3600, new: 900 },
    });
  });

  it('skips fields the new version does not have, and reads a missing old value as null', () => {
    expect(changedFields<'a' | 'b'>({}, { a: 1 }, ['a', 'b'])).toEqual({ a: { old: null, new: 1 } });
  });
});
