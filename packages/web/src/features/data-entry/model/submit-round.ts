import { ApiError } from '../../../api/api-error.ts';
import type { IngestResult } from '@vigil/domain';
import type { JournalApi } from '../../../api/journal.ts';
import { roundPayloads } from './payloads.ts';
import type { Round, Submission } from './round.ts';

export type SubmitApi = Pick<JournalApi, 'createSession' | 'sendManualReadings' | 'patchSession'>;
export type Submitted = Submission & { result: IngestResult };

/** Ingest refused the readings only because their session is no longer open (submitted elsewhere meanwhile). */
const sessionClosed = (error: unknown) =>
  error instanceof ApiError &&
  error.isValidation &&
  Object.keys(error.details ?? {}).length > 0 &&
  Object.keys(error.details ?? {}).every((name) => /(^|\.)data_session$/.test(name));

/** Closing a session that is closed already is what was wanted. */
const alreadySubmitted = (error: unknown) =>
  error instanceof ApiError && error.isValidation && Boolean(error.fieldMessage('status'));

/**
 * Submits a round: makes its data session, sends its readings through ingest as manual payloads,
 * then submits the session. Each step done is handed to `save` (kept with the round), so that after a
 * lost connection the same call resumes where it stopped: no second session, no readings sent twice.
 */
export async function submitRound(
  api: SubmitApi,
  round: Round,
  title: string,
  save: (submission: Submission) => void,
  now = new Date(),
): Promise<Submitted> {
  const startedAt = new Date(Math.min(Date.parse(round.startedAt) || now.getTime(), now.getTime())).toISOString();
  const openSession = async () => {
    const session = await api.createSession({ title, started_at: startedAt });
    const made: Submission = { sessionId: session.id, sessionTitle: session.title, result: null };
    save(made);
    return made;
  };
  let submission = round.submission ?? (await openSession());
  if (!submission.result) {
    let result: IngestResult;
    try {
      result = await api.sendManualReadings(roundPayloads(round, submission.sessionId).payloads);
    } catch (error) {
      if (!sessionClosed(error)) throw error;
      submission = await openSession();
      result = await api.sendManualReadings(roundPayloads(round, submission.sessionId).payloads);
    }
    submission = { ...submission, result };
    save(submission);
  }
  try {
    await api.patchSession(submission.sessionId, { status: 'submitted' });
  } catch (error) {
    if (!alreadySubmitted(error)) throw error;
  }
  return submission as Submitted;
}
