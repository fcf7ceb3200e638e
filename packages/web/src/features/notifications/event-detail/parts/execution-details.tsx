import { Box, Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error.ts';
import { executionQuery } from '../../../../api/rules.ts';
import { stateName } from '../../model/notification-title.ts';
import { StateDot } from '../../../../components/state/state-dot.tsx';
import { CodeBlock } from './code-block.tsx';
import { DetailSection } from './detail-section.tsx';
import { LoadState } from './load-state.tsx';

interface ExecutionDetailsProps {
  executionId: unknown;
  /** the connectivity body also lists the advanced indicators at the time */
  withIndicators?: boolean;
}

/** The execution log of the rule execution behind an event (GET state-rule-executions/{id}). */
export function ExecutionDetails({ executionId, withIndicators }: ExecutionDetailsProps) {
  const { t } = useTranslation('notifications');
  const id = typeof executionId === 'string' ? executionId : null;
  const execution = useQuery(executionQuery(id));
  if (!id) return null;
  // Retention deletes executions after their age (ADR 0046): the event stays, its log is gone.
  const deleted = execution.error instanceof ApiError && execution.error.isNotFound;
  return (
    <>
      <DetailSection title={t('detail.executionLog')}>
        {execution.data ? (
          <CodeBlock label={t('detail.executionLog')} text={execution.data.execution_log.join('\n')} />
        ) : deleted ? (
          <Box sx={{ typography: 'body2', color: 'text.secondary' }}>{t('detail.executionLogGone')}</Box>
        ) : (
          <LoadState error={execution.isError} />
        )}
      </DetailSection>
      {withIndicators && execution.data && (
        <DetailSection title={t('detail.advancedIndicators')}>
          {execution.data.advanced_indicators.length ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {execution.data.advanced_indicators.map((indicator) => (
                <Chip
                  key={indicator.name}
                  variant="outlined"
                  label={`${indicator.name}: ${stateName(t, indicator.state)}`}
                  icon={<StateDot state={indicator.state} sx={{ ml: 1 }} />}
                />
              ))}
            </Stack>
          ) : (
            <Box sx={{ typography: 'body2', color: 'text.secondary' }}>{t('detail.noIndicators')}</Box>
          )}
        </DetailSection>
      )}
    </>
  );
}
