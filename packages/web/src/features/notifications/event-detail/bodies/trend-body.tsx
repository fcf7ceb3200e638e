import { useTranslation } from 'react-i18next';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { MetricValues } from '../parts/metric-values.tsx';
import { contextOf, type BodyProps } from './body-props.ts';

/** trend_state_changed, trend_state_trending: metric, values, Nelson rule number. */
export function TrendBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  return (
    <DetailList
      items={[
        { label: t('detail.metric'), value: textOf(c.metric_label) ?? textOf(c.metric) },
        { label: t('detail.values'), value: <MetricValues values={c.metric_values} /> },
        { label: t('detail.nelsonRule'), value: textOf(c.nelson_rule_number) },
      ]}
    />
  );
}
