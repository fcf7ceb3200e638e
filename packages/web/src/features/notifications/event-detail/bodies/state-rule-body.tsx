import { useTranslation } from 'react-i18next';
import { InlineCode } from '../parts/code-block.tsx';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { EventIntervals } from '../parts/event-intervals.tsx';
import { ExecutionDetails } from '../parts/execution-details.tsx';
import { contextOf, type BodyProps } from './body-props.ts';

/** safety_state_changed, operational_state_changed: rule name, description, expression, event history, execution log. */
export function StateRuleBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const rule = textOf(c.rule);
  const state = notification.notification_type.name === 'safety_state_changed' ? 'safety_state' : 'operational_state';
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.ruleName'), value: textOf(c.rule_name) },
          { label: t('detail.description'), value: textOf(c.rule_description) },
          { label: t('detail.expression'), value: rule && <InlineCode text={rule} /> },
        ]}
      />
      <DetailSection title={t('detail.eventHistory')}>
        <EventIntervals notification={notification} state={state} label={t('detail.eventHistory')} />
      </DetailSection>
      <ExecutionDetails executionId={c.rule_execution_id} />
    </>
  );
}
