import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canPause,
  canResume,
  nextToStart,
  queueReducer,
  type QueueAction,
  type QueueItem,
} from './upload-queue.ts';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const added = (...names: string[]) =>
  queueReducer([], {
    type: 'add',
    requests: names.map((name) => ({ id: name, file: file(name), label: name, resize: false, isPublic: false })),
  });
const run = (items: QueueItem[], ...actions: QueueAction[]) => actions.reduce(queueReducer, items);
const only = (items: QueueItem[]) => items[0]!;

describe('the upload queue', () => {
  it('adds files as queued, at 0 %, with no message yet', () => {
    const [item] = added('a.png');
    expect(item).toMatchObject({
      id: 'a.png',
      label: 'a.png',
      status: 'queued',
      progress: 0,
      message: null,
      error: null,
    });
  });

  it('walks Uploading, Processing, Resizing and Complete! with the bar reaching 100 at the end', () => {
    let items = added('a.png');
    const seen: Array<[string | null, number]> = [];
    for (const action of [
      { type: 'phase', id: 'a.png', status: 'uploading' },
      { type: 'progress', id: 'a.png', sent: 50, total: 100 },
      { type: 'progress', id: 'a.png', sent: 100, total: 100 },
      { type: 'phase', id: 'a.png', status: 'processing' },
      { type: 'phase', id: 'a.png', status: 'resizing' },
      { type: 'complete', id: 'a.png' },
    ] as QueueAction[]) {
      items = queueReducer(items, action);
      seen.push([only(items).message, only(items).progress]);
    }
    expect(seen).toEqual([
      ['uploading', 0],
      ['uploading', 45],
      ['uploading', 90],
      ['processing', 90],
      ['resizing', 95],
      ['complete', 100],
    ]);
    expect(only(items).status).toBe('complete');
  });

  it('ends Failed with the reason, keeping where the bar was', () => {
    const items = run(
      added('a.png'),
      { type: 'phase', id: 'a.png', status: 'uploading' },
      { type: 'progress', id: 'a.png', sent: 1, total: 3 },
      { type: 'failed', id: 'a.png', error: { message: 'uploadFailed', detail: 'too big' } },
    );
    expect(only(items)).toMatchObject({
      status: 'failed',
      message: 'failed',
      progress: 30,
      error: { message: 'uploadFailed', detail: 'too big' },
    });
  });

  it('pauses and resumes only while uploading; progress still counts while paused', () => {
    let items = run(added('a.png'), { type: 'paused', id: 'a.png' });
    expect(only(items).status).toBe('queued');
    items = run(items, { type: 'phase', id: 'a.png', status: 'uploading' });
    expect(canPause(only(items))).toBe(true);
    items = run(items, { type: 'paused', id: 'a.png' }, { type: 'progress', id: 'a.png', sent: 2, total: 3 });
    expect(only(items)).toMatchObject({ status: 'paused', message: 'uploading', progress: 60 });
    expect(canPause(only(items))).toBe(false);
    expect(canResume(only(items))).toBe(true);
    items = run(items, { type: 'resumed', id: 'a.png' });
    expect(only(items).status).toBe('uploading');
    items = run(items, { type: 'phase', id: 'a.png', status: 'processing' }, { type: 'paused', id: 'a.png' });
    expect(only(items).status).toBe('processing');
  });

  it('ignores what a job reports after its upload was cancelled', () => {
    const items = run(
      added('a.png'),
      { type: 'phase', id: 'a.png', status: 'uploading' },
      { type: 'cancelled', id: 'a.png' },
      { type: 'progress', id: 'a.png', sent: 3, total: 3 },
      { type: 'failed', id: 'a.png', error: { message: 'uploadFailed' } },
      { type: 'complete', id: 'a.png' },
    );
    expect(only(items)).toMatchObject({ status: 'cancelled', progress: 0, error: null });
    expect(canCancel(only(items))).toBe(false);
  });

  it('starts one file at a time; a paused upload lets the next one start', () => {
    let items = added('a.png', 'b.png');
    expect(nextToStart(items)?.id).toBe('a.png');
    items = run(items, { type: 'phase', id: 'a.png', status: 'uploading' });
    expect(nextToStart(items)).toBeUndefined();
    items = run(items, { type: 'paused', id: 'a.png' });
    expect(nextToStart(items)?.id).toBe('b.png');
    items = run(items, { type: 'phase', id: 'b.png', status: 'processing' });
    expect(nextToStart(items)).toBeUndefined();
  });

  it('dismisses finished rows only', () => {
    let items = run(
      added('a.png', 'b.png', 'c.png'),
      { type: 'complete', id: 'a.png' },
      { type: 'cancelled', id: 'b.png' },
      { type: 'dismiss', id: 'c.png' },
    );
    expect(items.map((i) => i.id)).toEqual(['a.png', 'b.png', 'c.png']);
    items = run(items, { type: 'dismiss', id: 'a.png' });
    expect(items.map((i) => i.id)).toEqual(['b.png', 'c.png']);
    items = run(items, { type: 'clearFinished' });
    expect(items.map((i) => i.id)).toEqual(['c.png']);
  });
});
