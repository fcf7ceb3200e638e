import { useTranslation } from 'react-i18next';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { IntervalTable } from '../parts/interval-table.tsx';
import { contextOf, objectOf, type BodyProps } from './body-props.ts';

/** health_state_changed: the intervals between the latest payloads, against the contracted SLA time. */
export function HealthBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const intervals = (Array.isArray(c.intervals) ? c.intervals : []).map(objectOf);
  const sla = typeof c.contracted_sla_time === 'number' ? c.contracted_sla_time : null;
  return (
    <>
      <DetailList items={[{ label: t('detail.slaTime'), value: slaText(t, c.contracted_sla_time) }]} />
      <DetailSection title={t('detail.intervals')}>
        {intervals.length ? (
          <IntervalTable
            label={t('detail.intervals')}
            rows={intervals.map((i, n) => ({
              key: `${String(i.read_at)}-${n}`,
              time: String(i.read_at),
              interval: typeof i.interval_seconds === 'number' ? i.interval_seconds * 1000 : null,
              late: sla !== null && typeof i.interval_seconds === 'number' && i.interval_seconds > sla,
            }))}
          />
        ) : (
          t('detail.na')
        )}
      </DetailSection>
    </>
  );
}

/** The contracted SLA time (seconds) in words. */
export function slaText(t: (key: string, options?: Record<string, unknown>) => string, seconds: unknown) {
  const value = textOf(seconds);
  return value === null ? null : t('detail.seconds', { count: Number(value) });
}
