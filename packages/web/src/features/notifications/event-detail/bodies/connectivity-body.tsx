import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../../components/dates/display-date.ts';
import { InlineCode } from '../parts/code-block.tsx';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { EventIntervals } from '../parts/event-intervals.tsx';
import { ExecutionDetails } from '../parts/execution-details.tsx';
import { contextOf, type BodyProps } from './body-props.ts';
import { slaText } from './health-body.tsx';

/**
 * connectivity_state_changed: read and received times of the latest payload, the intervals between
 * the entity's connectivity events, the connectivity rule with its expression, the execution log
 * and the advanced indicators.
 */
export function ConnectivityBody({ notification }: BodyProps) {
  const { t, i18n } = useTranslation('notifications');
  const c = contextOf(notification);
  const rule = textOf(c.rule);
  const date = (value: unknown) =>
    textOf(value) ? formatDisplayDate(String(value), i18n.resolvedLanguage ?? 'en-US') : null;
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.readAt'), value: date(c.latest_payload_read_at) },
          { label: t('detail.receivedAt'), value: date(c.latest_payload_received_at) },
          { label: t('detail.slaTime'), value: slaText(t, c.contracted_sla_time) },
          { label: t('detail.connectivityRule'), value: textOf(c.rule_description) },
          { label: t('detail.expression'), value: rule && <InlineCode text={rule} /> },
        ]}
      />
      <DetailSection title={t('detail.connectivityIntervals')}>
        <EventIntervals
          notification={notification}
          state="connectivity_state"
          label={t('detail.connectivityIntervals')}
        />
      </DetailSection>
      <ExecutionDetails executionId={c.rule_execution_id} withIndicators />
    </>
  );
}
