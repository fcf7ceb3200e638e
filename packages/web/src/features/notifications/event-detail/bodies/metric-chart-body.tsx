import { useTranslation } from 'react-i18next';
import type { LimitKind } from '../../model/chart-limits.ts';
import { DetailList, fourDecimals, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { LimitChart } from '../parts/limit-chart.tsx';
import { contextOf, type BodyProps } from './body-props.ts';

/**
 * metric_quality_state_changed and invalid_metric_received (invalid bounds), metric_limit_reached
 * and metric_limits_state_changed (warning and critical limits): metric, value, validity, chart.
 */
export function MetricChartBody({ notification, kind }: BodyProps & { kind: LimitKind }) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const validity =
    typeof c.metric_is_valid === 'boolean' ? t(c.metric_is_valid ? 'detail.valid' : 'detail.invalid') : null;
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.metric'), value: textOf(c.metric_label) ?? textOf(c.metric) },
          { label: t('detail.value'), value: fourDecimals(c.metric_value) },
          { label: t('detail.validity'), value: validity },
          ...(kind === 'levels' && c.limit_value !== undefined
            ? [
                {
                  label: t('detail.limit'),
                  value:
                    `${t(`limits.${textOf(c.limit_level)}_${textOf(c.limit_bound)}`, { defaultValue: '' })} ${textOf(c.limit_value) ?? ''}`.trim(),
                },
              ]
            : []),
        ]}
      />
      <DetailSection title={t('detail.chart')}>
        <LimitChart notification={notification} kind={kind} />
      </DetailSection>
    </>
  );
}
