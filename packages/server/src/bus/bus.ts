/**
 * Side effects travel as events (STYLE habit 4): ingest publishes what it stored, the rules engine
 * and notifications subscribe. Topics in CLUSTER_TOPICS reach every server instance when BUS_URL
 * names Redis or NATS; the others stay in the instance that published them (ADR 0012).
 */
export interface BusEvents {
  /** readings really inserted (duplicates excluded), one batch at a time */
  'readings.stored': {
    projectId: string;
    /** the batch's row in the evaluation backlog, which its evaluation deletes (ADR 0015; SQLite only) */
    backlogId?: number;
    readings: Array<{
      entityId: string;
      dataPointId: string;
      readAt: string;
      /** readAt in epoch milliseconds */
      t: number;
      receivedAt: string;
      metrics: Record<string, Record<string, number>>;
    }>;
  };
  /** a payload kept in unknown_payloads: unknown eid or unparsable */
  'payload.unknown': {
    projectId: string;
    unknownPayloadId: string;
    eid: string | null;
    payloadType: string;
    reason: string;
  };
  /** a notification was stored: every instance sends it to its stream clients of the project */
  'notification.created': {
    projectId: string;
    /** the stream's event id (SSE `id`) */
    seq: number;
    /** the notification as the API presents it, read by nobody yet */
    notification: Record<string, unknown> & { id: string; notification_type: { name: string }; level: string };
    /** the role whose users it is for (an escalation); absent: every member of the project (ADR 0031) */
    recipientRole?: string | null;
  };
  /**
   * an entity's stored readings were derived again (a calibration changed, ADR 0040), its latest
   * reading among them: the rules engine evaluates its limits again on that reading, the present
   */
  'readings.recomputed': { projectId: string; entityId: string };
  /** a calibration change asked for a recomputation (ADR 0040): the instances that compact look for it */
  'recompute.requested': { projectId: string; calibrationId: string };
  /** a metric rule was evaluated (limits or quality of an entity's metric): the `metricsRule` stream type */
  'metrics.rule': { projectId: string; data: Record<string, unknown> };
  /** which entities of a project got readings lately, a few seconds at a time: the `readings` stream type */
  'readings.summary': { projectId: string; data: { monitored_entity_ids: string[]; latest_read_at: string } };
}

/** Topics every instance receives when several share a bus. */
export const CLUSTER_TOPICS = [
  'notification.created',
  'metrics.rule',
  'readings.summary',
  'readings.recomputed',
  'recompute.requested',
] as const satisfies ReadonlyArray<keyof BusEvents>;

type Handler<K extends keyof BusEvents> = (event: BusEvents[K]) => void | Promise<void>;

export interface Bus {
  publish<K extends keyof BusEvents>(topic: K, event: BusEvents[K]): void;
  subscribe<K extends keyof BusEvents>(topic: K, handler: Handler<K>): () => void;
}

/** The bus as the app owns it: closed when the app closes. */
export interface ClosableBus extends Bus {
  close(): Promise<void>;
}

/** Delivers to subscribers after the publisher's transaction, asynchronously; a failing handler is logged. */
export function createInProcessBus(onError: (error: unknown, topic: string) => void): ClosableBus {
  const handlers = new Map<string, Set<Handler<never>>>();
  return {
    publish(topic, event) {
      for (const handler of handlers.get(topic) ?? []) {
        queueMicrotask(() => {
          Promise.resolve((handler as Handler<typeof topic>)(event)).catch((error: unknown) => onError(error, topic));
        });
      }
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(topic, set);
      return () => void set.delete(handler as Handler<never>);
    },
    async close() {},
  };
}
