import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** Tables of jobs that any server may run: a status, and a heartbeat while a server runs one. */
type JobTable = 'imports' | 'calibration_recomputes' | 'reports';

/** The columns every job table has, which is all the condition reads. */
type JobColumns = { job: { status: string; heartbeat_at: string | null } };

/**
 * Jobs a server may take: those waiting (`waitingStatus`), and those running on a server that
 * stopped (no heartbeat since `staleBefore`).
 */
export const claimableJobs =
  <T extends JobTable>(waitingStatus: Database[T]['status'], staleBefore: string) =>
  (eb: ExpressionBuilder<Database, T>) => {
    // Kysely cannot resolve a column of a generic table: the job columns are read as those of one.
    const job = eb as unknown as ExpressionBuilder<JobColumns, 'job'>;
    return job.or([
      job('status', '=', waitingStatus),
      job.and([job('status', '=', 'running'), job('heartbeat_at', '<', staleBefore)]),
    ]);
  };
