import { fromJson } from '../../db/values.ts';
import type { UnknownPayloadRecord } from './store.ts';

export interface UnknownPayloadObject {
  id: string;
  eid: string | null;
  payload_type: string;
  reason: string;
  /** the payload as received: an object for an unknown eid, the raw text of an unparsable payload */
  incoming_payload: unknown;
  received_at: string;
}

export function presentUnknownPayload(record: UnknownPayloadRecord): UnknownPayloadObject {
  return {
    id: record.id,
    eid: record.eid,
    payload_type: record.payloadType,
    reason: record.reason,
    incoming_payload:
      record.payloadType === 'unknown_eid'
        ? fromJson(record.incomingPayload, record.incomingPayload)
        : record.incomingPayload,
    received_at: record.receivedAt,
  };
}
