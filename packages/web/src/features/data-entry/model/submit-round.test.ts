import type { DataSession } from '@vigil/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { addDevices, emptyRound, setValue, type Round, type Submission } from './round.ts';
import { submitRound, type SubmitApi } from './submit-round.ts';

const at = new Date(2026, 10, 26, 9, 30);
const round = setValue(
  addDevices(emptyRound(at), [{ id: 'a', entity_type: 'instrument', title: 'PZ A', eid: 'PZ-A' }], at),
  'a',
  'pressure',
  '96.5',
);
const accepted = { accepted: 1, duplicates: 0, unknown: 0, invalid_values: 0, out_of_scope: 0 };
const session = (id: string): DataSession => ({
  id,
  title: `Round ${id}`,
  started_at: at.toISOString(),
  ended_at: null,
  author: 'operator',
  status: 'open',
  readings_count: 0,
});
const invalid = (details: Record<string, string[]>) =>
  new ApiError('/x', 400, 'Bad Request', { error_type: 'ValidationError', message: 'Invalid', details });

function fakeApi(overrides: Partial<Record<keyof SubmitApi, () => Promise<unknown>>> = {}) {
  let made = 0;
  return {
    createSession: vi.fn(overrides.createSession ?? (async () => session(`s${++made}`))),
    sendManualReadings: vi.fn(overrides.sendManualReadings ?? (async () => accepted)),
    patchSession: vi.fn(overrides.patchSession ?? (async () => ({ ...session('s1'), status: 'submitted' }))),
  } as unknown as SubmitApi & Record<keyof SubmitApi, ReturnType<typeof vi.fn>>;
}

describe('submitting a round', () => {
  it('makes a data session, sends the readings into it through ingest, then submits it', async () => {
    const api = fakeApi();
    const saved: Submission[] = [];
    const done = await submitRound(api, round, 'Round of 26 November', (s) => saved.push(s), at);
    expect(api.createSession).toHaveBeenCalledWith({ title: 'Round of 26 November', started_at: at.toISOString() });
    expect(api.sendManualReadings).toHaveBeenCalledWith([
      expect.objectContaining({ eid: 'PZ-A', source: 'manual', data_session: 's1', raw_metrics: { pressure: 96.5 } }),
    ]);
    expect(api.patchSession).toHaveBeenCalledWith('s1', { status: 'submitted' });
    expect(done).toEqual({ sessionId: 's1', sessionTitle: 'Round s1', result: accepted });
    expect(saved.map((s) => s.result)).toEqual([null, accepted]);
  });

  it('after a lost connection, resumes in the same session without a second one', async () => {
    const api = fakeApi({ sendManualReadings: () => Promise.reject(new TypeError('Failed to fetch')) });
    let kept: Round = round;
    await expect(submitRound(api, kept, 'Round', (s) => (kept = { ...kept, submission: s }), at)).rejects.toThrow(
      'Failed to fetch',
    );
    expect(kept.submission).toEqual({ sessionId: 's1', sessionTitle: 'Round s1', result: null });

    const again = fakeApi();
    await submitRound(again, kept, 'Round', (s) => (kept = { ...kept, submission: s }), at);
    expect(again.createSession).not.toHaveBeenCalled();
    expect(again.sendManualReadings).toHaveBeenCalledWith([expect.objectContaining({ data_session: 's1' })]);
  });

  it('never sends the readings twice once ingest has them', async () => {
    const api = fakeApi({ patchSession: () => Promise.reject(new TypeError('Failed to fetch')) });
    let kept: Round = round;
    await expect(submitRound(api, kept, 'Round', (s) => (kept = { ...kept, submission: s }), at)).rejects.toThrow();
    expect(kept.submission?.result).toEqual(accepted);

    const again = fakeApi();
    const done = await submitRound(again, kept, 'Round', () => undefined, at);
    expect(again.sendManualReadings).not.toHaveBeenCalled();
    expect(again.patchSession).toHaveBeenCalledWith('s1', { status: 'submitted' });
    expect(done.result).toEqual(accepted);
  });

  it('takes a session submitted meanwhile as done', async () => {
    const api = fakeApi({ patchSession: () => Promise.reject(invalid({ status: ['Already submitted'] })) });
    await expect(submitRound(api, round, 'Round', () => undefined, at)).resolves.toMatchObject({ sessionId: 's1' });
  });

  it('opens a new session when its own was closed before the readings went in', async () => {
    let calls = 0;
    const api = fakeApi({
      sendManualReadings: async () => {
        if (++calls === 1) throw invalid({ '0.data_session': ['No open data session with this id'] });
        return accepted;
      },
    });
    const done = await submitRound(
      api,
      { ...round, submission: { sessionId: 'old', sessionTitle: 'Old', result: null } },
      'Round',
      () => undefined,
      at,
    );
    expect(done.sessionId).toBe('s1');
    expect(api.sendManualReadings).toHaveBeenLastCalledWith([expect.objectContaining({ data_session: 's1' })]);
  });

  it('passes on any other refusal, keeping the session for the next try', async () => {
    const api = fakeApi({
      sendManualReadings: () => Promise.reject(invalid({ '0.raw_metrics.pressure': ['Not a raw metric of PZ-A'] })),
    });
    const saved: Submission[] = [];
    await expect(submitRound(api, round, 'Round', (s) => saved.push(s), at)).rejects.toBeInstanceOf(ApiError);
    expect(api.createSession).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([{ sessionId: 's1', sessionTitle: 'Round s1', result: null }]);
  });

  it('never starts a session in the future, whatever the round’s start says', async () => {
    const api = fakeApi();
    await submitRound(api, { ...round, startedAt: '2099-01-01T00:00:00.000Z' }, 'Round', () => undefined, at);
    expect(api.createSession).toHaveBeenCalledWith({ title: 'Round', started_at: at.toISOString() });
  });
});
