import type { BusEvents } from '../bus/bus.ts';
import type { DbOptions } from '../db/connection.ts';
import type { StoredValues } from '../services/metrics/write-store.ts';
import type { RetentionPolicy } from '../services/retention/retention-policy.ts';
import type { EncodedReadings } from './readings-codec.ts';

/**
 * Messages between the server's thread and its background worker (ADR 0015). The worker runs the
 * rules engine and compaction on a connection of its own; the server forwards it the bus topics the
 * engine follows and publishes on its bus what the engine announces.
 */

export interface BackgroundSetup {
  database: DbOptions;
  /** seconds between ticks, when the worker runs the rules engine */
  rulesTickSeconds: number | null;
  /** whether the worker compacts series values */
  compaction: boolean;
  /** what retention deletes, when the worker runs it (with the rules engine, ADR 0046); absent: none */
  retention?: RetentionPolicy | null;
}

/** What a worker starts with (ADR 0015): the setup, the server instance's id, and whether to claim the backlog. */
export interface WorkerStart extends BackgroundSetup {
  instanceId: string;
  /** the server's first worker takes over the evaluation backlog of stopped engines */
  claimBacklog: boolean;
}

export type BackgroundCall = 'tick' | 'idle' | 'compact' | 'forget-held' | 'recompute' | 'stop-rules' | 'stop';

/** Work for the rules engine, numbered in the order posted; acknowledged by `evaluated`. */
export type EngineWork =
  | { type: 'readings'; id: number; batch: EncodedReadings }
  | { type: 'payload'; id: number; event: BusEvents['payload.unknown'] }
  | { type: 'recomputed'; id: number; event: BusEvents['readings.recomputed'] };

export type ToWorker =
  | EngineWork
  | { type: 'stored'; stored: StoredValues }
  | { type: 'call'; id: number; call: BackgroundCall; at?: string };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'publish'; topic: keyof BusEvents; event: BusEvents[keyof BusEvents] }
  | { type: 'log'; level: 'error' | 'warn' | 'info' | 'debug'; object: object; message: string }
  | { type: 'done'; id: number; error?: string }
  /** the engine has evaluated (or given up, logged) every work item posted up to this id */
  | { type: 'evaluated'; upTo: number };
