/** What the results area shows; only 'ready' has readings. */
export type ResultsState = 'noDevices' | 'error' | 'loading' | 'noMetric' | 'invalidPeriod' | 'noData' | 'ready';

interface ResultsFacts {
  deviceCount: number;
  failed: boolean;
  /** the devices or their schemes are still loading */
  cataloguePending: boolean;
  hasMetric: boolean;
  validPeriod: boolean;
  readingsPending: boolean;
  rowCount: number;
}

/** The first thing that stands between the engineer and the readings, else 'ready'. */
export function resultsState(facts: ResultsFacts): ResultsState {
  if (!facts.deviceCount) return 'noDevices';
  if (facts.failed) return 'error';
  if (facts.cataloguePending) return 'loading';
  if (!facts.hasMetric) return 'noMetric';
  if (!facts.validPeriod) return 'invalidPeriod';
  if (facts.readingsPending) return 'loading';
  return facts.rowCount ? 'ready' : 'noData';
}
