import type { Config } from '../../config.ts';

/** Days each kind of log is kept before retention deletes it (ADR 0046); null: for ever. */
export interface RetentionPolicy {
  ruleExecutionsDays: number | null;
  snapshotsDays: number | null;
  notificationsDays: number | null;
}

type RetentionSettings = Pick<
  Config,
  'RETENTION_RULE_EXECUTIONS_DAYS' | 'RETENTION_SNAPSHOTS_DAYS' | 'RETENTION_NOTIFICATIONS_DAYS'
>;

export const retentionPolicyOf = (config: RetentionSettings): RetentionPolicy => ({
  ruleExecutionsDays: config.RETENTION_RULE_EXECUTIONS_DAYS,
  snapshotsDays: config.RETENTION_SNAPSHOTS_DAYS,
  notificationsDays: config.RETENTION_NOTIFICATIONS_DAYS,
});

/** The time before which a kind kept `days` days is deleted, as stored (ISO-8601 UTC); null: never. */
export const cutoffOf = (days: number | null, now: Date): string | null =>
  days === null ? null : new Date(now.getTime() - days * 86_400_000).toISOString();
