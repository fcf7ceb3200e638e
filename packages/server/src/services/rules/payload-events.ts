import type { BusEvents } from '../../bus/bus.ts';
import { findUnknownPayload } from '../ingest/store.ts';
import { findEntityIdByEid } from '../registry/entity-evaluation-store.ts';
import type { Trx } from './engine-entity.ts';
import { loadEngineEntities } from './engine-entity.ts';
import { recordEvents } from './event-recorder.ts';
import type { Dialect } from '../../db/connection.ts';

/**
 * A payload kept in unknown_payloads becomes an event: unknown_payload_received for an eid the
 * project does not know, invalid_payload_received for one that could not be read (attached to its
 * device when its eid is known).
 */
export async function recordPayloadEvent(trx: Trx, dialect: Dialect, input: BusEvents['payload.unknown']) {
  const invalid = input.payloadType === 'invalid_payload';
  let entity = null;
  if (invalid && input.eid) {
    const found = await findEntityIdByEid(trx, input.projectId, input.eid);
    if (found) entity = (await loadEngineEntities(trx, dialect, [found.id]))[0] ?? null;
  }
  const payload = await findUnknownPayload(trx, input.projectId, input.unknownPayloadId);
  const now = new Date().toISOString();
  const reason = input.reason;
  const [recorded] = await recordEvents(trx, [
    {
      projectId: input.projectId,
      createdAt: now,
      input: {
        type: invalid ? 'invalid_payload_received' : 'unknown_payload_received',
        entity,
        subject: input.unknownPayloadId,
        at: payload?.receivedAt ?? now,
        payload: { id: input.unknownPayloadId, type: input.payloadType },
        context: {
          eid: input.eid,
          payload_type: input.payloadType,
          reason,
          incoming_payload: payload?.incomingPayload ?? null,
          extra: invalid
            ? {
                reason,
                exception_type: 'PayloadParseError',
                exception_details: reason,
                exception_traceback: `ingest: payload ${input.unknownPayloadId} refused\n  ${reason}`,
              }
            : { reason },
        },
      },
    },
  ]);
  return recorded?.notification ?? null;
}
