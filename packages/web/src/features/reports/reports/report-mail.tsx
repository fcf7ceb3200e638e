import { Box, Typography } from '@mui/material';
import type { ReportDelivery } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { momentLabel } from '../model/period-label.ts';

/** What became of a scheduled report's e-mail to each recipient: sent, being sent (or retried), or not sent and why. */
export function ReportMail({ deliveries }: { deliveries: readonly ReportDelivery[] }) {
  const { t, i18n } = useTranslation('reports');
  const line = (d: ReportDelivery) => {
    if (d.status === 'sent')
      return t('mail.sent', { address: d.address, at: d.sent_at ? momentLabel(d.sent_at, i18n.language) : '' });
    if (d.status === 'failed') return t('mail.failed', { address: d.address, error: d.error ?? t('reports.noReason') });
    return d.error
      ? t('mail.retrying', { address: d.address, error: d.error })
      : t('mail.queued', { address: d.address });
  };
  return (
    <Box component="section" sx={{ mt: 1.5, pt: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="overline" component="h4" color="text.secondary">
        {t('mail.title')}
      </Typography>
      <Box component="ul" aria-label={t('mail.title')} sx={{ m: 0, pl: 2.5 }}>
        {deliveries.map((d) => (
          <li key={d.address}>
            <Typography
              variant="body2"
              color={d.status === 'failed' ? 'error' : d.status === 'sent' ? 'text.primary' : 'text.secondary'}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {line(d)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
