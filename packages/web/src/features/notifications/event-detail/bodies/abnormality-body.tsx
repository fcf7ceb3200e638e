import { useTranslation } from 'react-i18next';
import { DetailList, fourDecimals, textOf } from '../parts/detail-list.tsx';
import { MetricValues } from '../parts/metric-values.tsx';
import { contextOf, objectOf, type BodyProps } from './body-props.ts';

/**
 * abnormality_state_changed and abnormality_state_out_of_control: trigger value, mean, standard
 * deviation, trend values, reason, and whether Nelson rules 1 and 4 fired.
 */
export function AbnormalityBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const rule1 = objectOf(c.nelson_rule_1);
  const rule4 = objectOf(c.nelson_rule_4);
  const fired = (result: unknown) =>
    typeof result === 'boolean' ? t(result ? 'detail.fired' : 'detail.notFired') : null;
  return (
    <DetailList
      items={[
        { label: t('detail.metric'), value: textOf(c.metric_label) ?? textOf(c.metric) },
        { label: t('detail.triggerValue'), value: fourDecimals(c.metric_value) },
        { label: t('detail.mean'), value: fourDecimals(rule1.metric_mean) },
        { label: t('detail.stddev'), value: fourDecimals(rule1.metric_stddev) },
        { label: t('detail.trendValues'), value: <MetricValues values={c.metric_values ?? rule1.metric_values} /> },
        { label: t('detail.reason'), value: textOf(c.abnormality_reason) },
        { label: t('detail.rule1'), value: fired(rule1.result) },
        { label: t('detail.rule4'), value: fired(rule4.result) },
      ]}
    />
  );
}
