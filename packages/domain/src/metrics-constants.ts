/**
 * The metrics provider's constants, apart from its schemas (metrics.ts): the web app's dashboards
 * read them without loading zod.
 */

/** Page sizes of requirements#monitoring-constants: metric pages 1000, metrics latest 100. */
export const METRICS_PAGE_SIZE = 1000;
export const METRICS_LATEST_PAGE_SIZE = 100;
/** Default number of points of a time series when no interval is given (requirements#monitoring-calls). */
export const TIMESERIES_SAMPLE_SIZE = 2000;
/** Default chart range: 168 hours (requirements#monitoring-constants). */
export const DEFAULT_CHART_RANGE_MS = 168 * 3_600_000;
