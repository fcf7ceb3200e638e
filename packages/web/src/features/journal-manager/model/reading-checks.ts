import { formatValue, type ReadingCheck, type SchemeObject } from '@vigil/domain';

/** A metric's label, unit and decimals from its scheme: calculated metrics too, which checks compare first. */
export interface CheckedMetricInfo {
  label: string;
  unit: string;
  decimals?: number | undefined;
}

export const describeSchemeMetric =
  (scheme: Pick<SchemeObject, 'spec'> | undefined) =>
  (key: string): CheckedMetricInfo | undefined => {
    const metrics = scheme?.spec.metrics;
    const found =
      metrics?.calculated_metrics.find((m) => m.key === key) ?? metrics?.raw_metrics.find((m) => m.key === key);
    return found ? { label: found.label ?? key, unit: found.unit ?? '', decimals: found.decimals } : undefined;
  };

/** One line of a check: the hand value, the logger's and manual − logger, each with the metric's unit. */
export interface CheckLine {
  key: string;
  label: string;
  manual: string;
  logger: string;
  /** signed: "+0.03 m", "−0.02 m", "0.00 m" */
  difference: string;
}

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

/** The lines of a check as an engineer reads them, in the metric's decimals (the difference too). */
export function checkLines(
  check: Pick<ReadingCheck, 'metrics'>,
  describe: (key: string) => CheckedMetricInfo | undefined,
  locale: string,
): CheckLine[] {
  return check.metrics.map((m) => {
    const info = describe(m.metric);
    const unit = info?.unit ?? '';
    const format = (value: number) => formatValue(value, { decimals: info?.decimals ?? 3 }, locale) ?? String(value);
    const size = format(Math.abs(m.difference));
    // a difference that rounds to zero has no sign
    const zero = Number(size.replace(/[^0-9]/g, '')) === 0;
    const sign = zero ? '' : m.difference > 0 ? '+' : '−';
    return {
      key: `${m.group}.${m.metric}`,
      label: info?.label ?? m.metric,
      manual: withUnit(format(m.manual), unit),
      logger: withUnit(format(m.logger), unit),
      difference: withUnit(`${sign}${size}`, unit),
    };
  });
}
