import { describe, expect, it } from 'vitest';
import { offeredActions } from './offered-actions.ts';

describe('the actions offered on a file', () => {
  it('leave out tags and delete when the project does not give them to the active role', () => {
    expect(offeredActions({ upload: true, delete: true, tag: true })).toEqual([
      'rename',
      'tags',
      'visibility',
      'delete',
    ]);
    // the demo's manager: upload and tag, not delete
    expect(offeredActions({ upload: true, delete: false, tag: true })).toEqual(['rename', 'tags', 'visibility']);
    expect(offeredActions({ upload: false, delete: false, tag: false })).toEqual(['rename', 'visibility']);
  });
});
