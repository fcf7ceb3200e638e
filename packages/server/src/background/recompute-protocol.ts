import type { BusEvents } from '../bus/bus.ts';

/** Messages between the background worker and its recomputation thread (ADR 0040). */
export type ToRecompute = { type: 'wake' } | { type: 'compacted'; id: number } | { type: 'stop' };

export type FromRecompute =
  | { type: 'publish'; topic: keyof BusEvents; event: BusEvents[keyof BusEvents] }
  | { type: 'log'; level: 'error' | 'warn' | 'info' | 'debug'; object: object; message: string }
  /** runs compaction, answered by `compacted` once it is done */
  | { type: 'compact'; id: number }
  | { type: 'stopped' };
