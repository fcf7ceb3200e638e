import type { EntityStates } from '@vigil/domain';
import type { EngineEntity } from './engine-entity.ts';
import type { RuleMemory } from './rule-memories.ts';
import type { EventInput, ExecutionInput } from './event-recorder.ts';

/** A reading as the engine evaluates it (the bus's `readings.stored` item). */
export interface EngineReading {
  dataPointId: string;
  readAt: string;
  /** readAt in epoch milliseconds */
  t: number;
  receivedAt: string;
  metrics: Record<string, Record<string, number>>;
}

type ColourState = Exclude<keyof EntityStates, `${string}_changed_at`>;

export interface StateChangeInput {
  state: ColourState;
  to: string;
  at: string;
  /** the event to record when the state really changes */
  event: Omit<EventInput, 'entity' | 'colour' | 'at'> & { at?: string };
  execution?: ExecutionInput;
}

/**
 * One entity's evaluation in one transaction: rules read and change `entity.states` and `memory`,
 * and queue events; the engine writes them all at the end (executions, events, notifications,
 * states, a snapshot, the memory).
 */
export class Evaluation {
  readonly events: EventInput[] = [];
  statesChanged = false;
  rulesChanged = false;
  readonly entity: EngineEntity;
  readonly memory: RuleMemory;
  constructor(entity: EngineEntity, memory: RuleMemory) {
    this.entity = entity;
    this.memory = memory;
  }

  /** Typed access to a part of the memory, created empty on first use. */
  slot<T extends object>(name: string, empty: () => T): T {
    return ((this.memory[name] as T | undefined) ??= empty());
  }

  /**
   * Moves a state to `to`. A real change records its event (with the execution, if given); the
   * first green after unknown is a start, not news, and is recorded silently. Returns whether it changed.
   */
  changeState(input: StateChangeInput): boolean {
    const states = this.entity.states as Record<string, string | null>;
    const previous = states[input.state];
    if (previous === input.to) return false;
    states[input.state] = input.to;
    if (`${input.state}_changed_at` in states) states[`${input.state}_changed_at`] = input.at;
    this.statesChanged = true;
    if (previous === 'unknown' && input.to === 'green') return true;
    this.events.push({
      ...input.event,
      entity: this.entity,
      colour: input.to,
      at: input.event.at ?? input.at,
      subject: `${input.event.subject}>${input.to}`,
      context: { [`prev_${input.state}`]: previous, [input.state]: input.to, ...input.event.context },
      ...(input.execution ? { execution: input.execution } : {}),
    });
    return true;
  }

  /** Queues an event that is not a state change (a value beyond a limit, an invalid value). */
  occurrence(event: Omit<EventInput, 'entity'>): void {
    this.events.push({ ...event, entity: this.entity });
  }
}

/** The values of a reading in one flat scope (formulas and rules see one namespace), context included. */
export function readingScope(entity: EngineEntity, reading: EngineReading): Record<string, number> {
  const scope: Record<string, number> = { ...entity.context };
  for (const group of ['raw_metrics', 'context_metrics', 'user_metrics', 'calculated_metrics']) {
    Object.assign(scope, reading.metrics[group] ?? {});
  }
  return scope;
}
