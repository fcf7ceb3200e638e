import type { TimeRange } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/**
 * "Zoomed in: 5 Mar, 12:00 – 18 Mar, 12:00": a chart card's subtitle while it shows a range of its own, with
 * the years only when the range is not all in the current year (the subtitle has little room on a phone).
 */
export function ZoomedRange({ range }: { range: TimeRange }) {
  const { t, i18n } = useTranslation('dashboards');
  const year = new Date().getFullYear();
  const thisYear = range.from.getFullYear() === year && range.to.getFullYear() === year;
  const format = new Intl.DateTimeFormat(i18n.language || undefined, {
    day: 'numeric',
    month: 'short',
    ...(!thisYear && { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return <>{t('chart.zoomedRange', { from: format.format(range.from), to: format.format(range.to) })}</>;
}
