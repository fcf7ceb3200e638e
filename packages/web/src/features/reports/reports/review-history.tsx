import { Box, Typography } from '@mui/material';
import type { ReviewStep } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { momentLabel } from '../model/period-label.ts';

/** Who took each review step, when, and what they said, oldest first. */
export function ReviewHistory({ steps }: { steps: readonly ReviewStep[] }) {
  const { t, i18n } = useTranslation('reports');
  return (
    <Box component="section" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="overline" component="h4" color="text.secondary">
        {t('history.title')}
      </Typography>
      <Box component="ol" aria-label={t('history.title')} sx={{ m: 0, pl: 2.5 }}>
        {steps.map((step, index) => (
          <li key={`${step.at}-${index}`}>
            <Typography variant="body2">
              {t(`history.actions.${step.action}`, { name: step.by, at: momentLabel(step.at, i18n.language) })}
            </Typography>
            {step.comment && (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                {step.comment}
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}
