import { useTranslation } from 'react-i18next';
import { StateLabel } from '../../components/state-dot.tsx';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { ExecutionDetails } from '../parts/execution-details.tsx';
import { contextOf, type BodyProps } from './body-props.ts';

/** advanced_indicator_state_changed: indicator name, state, previous state, execution logs. */
export function AdvancedIndicatorBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  return (
    <>
      <DetailList
        items={[
          { label: t('detail.indicator'), value: textOf(c.advanced_indicator_name) },
          {
            label: t('detail.state'),
            value: c.advanced_indicator_state ? <StateLabel state={c.advanced_indicator_state} /> : null,
          },
          {
            label: t('detail.previousState'),
            value: c.prev_advanced_indicator_state ? <StateLabel state={c.prev_advanced_indicator_state} /> : null,
          },
        ]}
      />
      <ExecutionDetails executionId={c.rule_execution_id} />
    </>
  );
}
