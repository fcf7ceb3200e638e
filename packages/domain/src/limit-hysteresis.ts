import type { MetricLimit } from './schemes.ts';

/**
 * How a metric limit raises and clears (ADR 0023, ISA-18.2): a deadband (hysteresis), an on-delay
 * and an off-delay, so that a value hovering at a limit raises it once, not once per crossing.
 * Pure: the rules engine keeps each limit's LimitState in its memory and steps it at every reading.
 */

/** Default deadband: this share of the limit's magnitude … */
export const DEFAULT_DEADBAND_SHARE = 0.01;
/** … but never more than this share of the distance to the metric's nearest other limit. */
export const DEADBAND_GAP_SHARE = 0.25;
/** Default off-delay, seconds: a value must stay back within the band this long before the limit clears. */
export const DEFAULT_OFF_DELAY = 300;

/** A limit's behaviour with every default filled in; delays in milliseconds. */
export interface LimitHysteresis {
  deadband: number;
  onDelayMs: number;
  onDelayReadings: number;
  offDelayMs: number;
}

/**
 * The behaviour of each of a metric's limits (same order): what the limit gives, else the defaults.
 * The default deadband is 1 % of the limit's magnitude, at most a quarter of the distance to the
 * nearest other limit of the metric, so that leaving one level never skips the next. The default
 * on-delay is none, so that a breach (a critical one above all) is never raised late.
 */
export function limitHysteresis(limits: readonly MetricLimit[]): LimitHysteresis[] {
  return limits.map((limit) => {
    let deadband = limit.deadband;
    if (deadband === undefined) {
      deadband = DEFAULT_DEADBAND_SHARE * Math.abs(limit.value);
      for (const other of limits) {
        const gap = Math.abs(other.value - limit.value);
        if (gap > 0) deadband = Math.min(deadband, DEADBAND_GAP_SHARE * gap);
      }
    }
    return {
      deadband,
      onDelayMs: (limit.on_delay ?? 0) * 1000,
      onDelayReadings: limit.on_delay_readings ?? 1,
      offDelayMs: (limit.off_delay ?? DEFAULT_OFF_DELAY) * 1000,
    };
  });
}

/**
 * A limit as the engine remembers it: raised or not, and the change under way: since when (epoch
 * milliseconds) and for how many readings in a row the value has been beyond the limit (while not
 * raised) or back within its band (while raised).
 */
export interface LimitState {
  raised: boolean;
  since?: number;
  readings?: number;
}

/** A limit is reached at or beyond its value: at or above an upper one, at or below a lower one. */
export const limitReached = (limit: MetricLimit, value: number) =>
  limit.bound === 'upper' ? value >= limit.value : value <= limit.value;

/** Back past the limit by more than the deadband: below value − deadband (upper), above value + deadband (lower). */
export const backWithinBand = (limit: MetricLimit, deadband: number, value: number) =>
  limit.bound === 'upper' ? value < limit.value - deadband : value > limit.value + deadband;

/**
 * The limit's state after a reading of `value` at `t`: raised once it has been reached continuously
 * for the on-delay and the readings it asks for; cleared once the value has been back within the
 * band (past the deadband) continuously for the off-delay. A reading that breaks the streak starts it again.
 * Never changes `state`.
 */
export function stepLimit(
  state: LimitState,
  limit: MetricLimit,
  h: LimitHysteresis,
  value: number,
  t: number,
): LimitState {
  const moving = state.raised ? backWithinBand(limit, h.deadband, value) : limitReached(limit, value);
  // no change under way: the state as it is (most readings), without a new object
  if (!moving) return state.since === undefined ? state : { raised: state.raised };
  const since = state.since ?? t;
  const readings = (state.readings ?? 0) + 1;
  const done = state.raised ? t - since >= h.offDelayMs : t - since >= h.onDelayMs && readings >= h.onDelayReadings;
  return done ? { raised: !state.raised } : { raised: state.raised, since, readings };
}
