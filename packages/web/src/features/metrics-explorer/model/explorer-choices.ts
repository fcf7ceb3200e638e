import {
  MAX_CHART_SERIES,
  AGGREGATE_INTERVALS,
  AGGREGATION_FUNCTIONS,
  presetListFor,
  type AggregateInterval,
  type AggregationFunction,
  type TimePreset,
} from '@vigil/domain';

/** The explorer's functions (requirements#monitoring-calls): avg (default), min, max, sum, count. */
export const EXPLORER_FUNCTIONS = AGGREGATION_FUNCTIONS.filter(
  (f): f is Exclude<AggregationFunction, 'first'> => f !== 'first',
);
export type ExplorerFunction = (typeof EXPLORER_FUNCTIONS)[number];
export const DEFAULT_FUNCTION: ExplorerFunction = 'avg';
export const DEFAULT_WINDOW: AggregateInterval = 'week';
/** More lines than this no longer read as a comparison, and the table no longer fits a screen. */
export const MAX_DEVICES = MAX_CHART_SERIES;

/** A preset of the window's list, or a custom range of local dates (YYYY-MM-DD). */
export type ExplorerPeriod = { preset: TimePreset } | { start: string; end: string };

/** What the engineer chose; the address holds all of it so that a link reproduces the view. */
export interface ExplorerChoices {
  devices: string[];
  /** `group.key`; null: the first metric of the devices' schemes */
  metric: string | null;
  fn: ExplorerFunction;
  window: AggregateInterval;
  period: ExplorerPeriod;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The choices an address holds; missing or unknown values take their defaults. */
export function choicesFromParams(params: URLSearchParams): ExplorerChoices {
  const window = oneOf(AGGREGATE_INTERVALS, params.get('window'), DEFAULT_WINDOW);
  const list = presetListFor(window);
  const [start, end] = [params.get('from') ?? '', params.get('to') ?? ''];
  // A custom range keeps what was typed (even a wrong date) so that its error is shown, not dropped.
  const custom = params.has('from') || params.has('to');
  return {
    devices: [...new Set((params.get('devices') ?? '').split(',').filter(Boolean))].slice(0, MAX_DEVICES),
    metric: params.get('metric') || null,
    fn: oneOf(EXPLORER_FUNCTIONS, params.get('fn'), DEFAULT_FUNCTION),
    window,
    period: custom
      ? { start: DATE.test(start) ? start : '', end: DATE.test(end) ? end : '' }
      : { preset: oneOf(list.presets, params.get('preset'), list.defaultPreset) },
  };
}

/** The address of some choices; defaults are left out so that links stay short. */
export function paramsFromChoices(choices: ExplorerChoices): URLSearchParams {
  const params = new URLSearchParams();
  if (choices.devices.length) params.set('devices', choices.devices.join(','));
  if (choices.metric) params.set('metric', choices.metric);
  if (choices.fn !== DEFAULT_FUNCTION) params.set('fn', choices.fn);
  if (choices.window !== DEFAULT_WINDOW) params.set('window', choices.window);
  if ('preset' in choices.period) {
    if (choices.period.preset !== presetListFor(choices.window).defaultPreset)
      params.set('preset', choices.period.preset);
  } else {
    params.set('from', choices.period.start);
    params.set('to', choices.period.end);
  }
  return params;
}

/** A new window selects its preset list with its default (requirements#monitoring-constants); a custom range stays. */
export function withWindow(choices: ExplorerChoices, window: AggregateInterval): ExplorerChoices {
  const period = 'preset' in choices.period ? { preset: presetListFor(window).defaultPreset } : choices.period;
  return { ...choices, window, period };
}
