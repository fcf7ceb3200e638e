import { parseEntityRules } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';

/**
 * The executions that explain the advanced indicators' present states: each indicator of a device
 * names its latest (`rule_execution_id`). They are state, not log (ADR 0046).
 */
export async function indicatorExecutionIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('monitored_entities').select('rules').execute();
  return rows.flatMap((row) =>
    parseEntityRules(fromJson<unknown>(row.rules, {})).advanced_indicators.flatMap((i) =>
      i.rule_execution_id ? [i.rule_execution_id] : [],
    ),
  );
}
