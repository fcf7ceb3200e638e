import type { NotificationLevel, NotificationType } from '@vigil/domain';
import { newId, toJson } from '../../db/values.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';

export const NOTIFICATIONS = '/notifications-async/api/v1/notifications';

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * A notification (and its event) written straight into the database at a chosen time: the window
 * and filter tests need times and levels that readings would take long to produce.
 */
export async function insertNotification(
  t: TestApp,
  projectId: string,
  options: {
    createdAt: string;
    level: NotificationLevel;
    type: NotificationType;
    entity?: { id: string; schemeId: string };
  },
): Promise<{ id: string; seq: number }> {
  const eventId = newId();
  const entityId = options.entity?.id ?? null;
  await t.db
    .insertInto('events')
    .values({
      id: eventId,
      project_id: projectId,
      entity_id: entityId,
      type: options.type,
      rule_type: 'payload',
      rule_execution_id: null,
      payload_id: null,
      context: '{}',
      dedupe_key: eventId,
      created_at: options.createdAt,
    })
    .execute();
  const id = newId();
  const monitored = options.entity ? { id: entityId, scheme: { id: options.entity.schemeId, name: 'Test' } } : null;
  const { seq } = await t.db
    .insertInto('notifications')
    .values({
      id,
      project_id: projectId,
      event_id: eventId,
      entity_id: entityId,
      scheme_id: options.entity?.schemeId ?? null,
      notification_type: options.type,
      level: options.level,
      text: `${options.type} at ${options.createdAt}`,
      icon: options.level,
      extra: toJson({ event_type: options.type, event_id: eventId, monitored_entity: monitored }),
      created_at: options.createdAt,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return { id, seq: Number(seq) };
}

/** Sends a payload of an eid the project does not know: the rules engine raises unknown_payload_received. */
export async function sendUnknownPayload(t: TestApp, token: string, eid: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: INGEST,
    headers: { authorization: `Token ${token}` },
    payload: { eid, read_at: new Date().toISOString(), raw_metrics: { pressure: 1 } },
  });
  if (res.statusCode !== 200) throw new Error(`ingest failed: ${res.body}`);
  await t.app.rulesEngine!.idle();
}
