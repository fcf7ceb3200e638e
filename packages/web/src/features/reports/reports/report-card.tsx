import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import type { Report, ReportStatus, ReviewAction, ReviewStatus } from '@vigil/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useSession } from '../../../session/session-context.ts';
import { isInProgress } from '../api/reports-api.ts';
import { momentLabel } from '../model/period-label.ts';
import { useReportAccess } from '../model/use-report-access.ts';
import { openReportPdf, pdfFileName } from './open-pdf.ts';
import { PeriodText } from './period-text.tsx';
import { ReportMail } from './report-mail.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewHistory } from './review-history.tsx';

const STATUS_COLOURS: Record<ReportStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
};
const REVIEW_COLOURS: Record<ReviewStatus, ChipProps['color']> = {
  draft: 'default',
  reviewed: 'info',
  approved: 'success',
  rejected: 'error',
};

/**
 * One report: its period, how far it is made, its PDF, its e-mails (a scheduled one's), its review state,
 * the steps to take and those taken.
 */
export function ReportCard({ report }: { report: Report }) {
  const { t, i18n } = useTranslation('reports');
  const { project } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const { canEdit, canApprove } = useReportAccess();
  const [reviewing, setReviewing] = useState<ReviewAction | null>(null);
  const [opening, setOpening] = useState(false);
  const titleId = useId();
  const review = report.review.status;
  const done = report.status === 'done';
  const open = review === 'draft' || review === 'reviewed';

  const openPdf = () => {
    setOpening(true);
    openReportPdf(project.id, report.id, pdfFileName(report.name, report.from))
      .catch(() => enqueueSnackbar(t('reports.pdfFailed'), { variant: 'error' }))
      .finally(() => setOpening(false));
  };

  return (
    <Paper variant="outlined" component="article" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {report.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <PeriodText from={report.from} to={report.to} />
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            size="small"
            label={t(`statuses.${report.status}`)}
            color={STATUS_COLOURS[report.status]}
            variant={report.status === 'done' ? 'outlined' : 'filled'}
          />
          {done && (
            <Chip
              size="small"
              icon={review === 'approved' ? <LockOutlined /> : undefined}
              label={t(`reviewStatuses.${review}`)}
              color={REVIEW_COLOURS[review]}
            />
          )}
        </Stack>
      </Stack>

      {isInProgress(report) && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress
            variant={report.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={report.progress}
            aria-label={t('reports.progressLabel', { name: report.name })}
          />
          <Typography variant="caption" color="text.secondary" role="status">
            {report.status === 'queued'
              ? t('reports.queued')
              : t('reports.running', { progress: Math.round(report.progress) })}
          </Typography>
        </Box>
      )}
      {report.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t('reports.failed', { reason: report.error ?? t('reports.noReason') })}
        </Alert>
      )}

      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {[
          report.pages != null ? t('reports.pages', { count: report.pages }) : null,
          t('reports.author', { name: report.created_by ?? t('reports.schedule') }),
          momentLabel(report.created_at, i18n.language),
          report.origin === 'schedule' ? t('reports.scheduled') : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>

      {review === 'approved' && (
        <Alert severity="success" icon={<LockOutlined />} sx={{ mt: 1.5 }}>
          {t('reports.approvedLocked')}
        </Alert>
      )}

      {done && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} loading={opening} onClick={openPdf}>
            {t('actions.openPdf')}
          </Button>
          {canEdit && review === 'draft' && (
            <Button startIcon={<CheckCircleOutlined />} onClick={() => setReviewing('review')}>
              {t('actions.review')}
            </Button>
          )}
          {canApprove && open && (
            <Button startIcon={<VerifiedOutlined />} color="success" onClick={() => setReviewing('approve')}>
              {t('actions.approve')}
            </Button>
          )}
          {canEdit && open && (
            <Button startIcon={<ThumbDownOutlined />} color="error" onClick={() => setReviewing('reject')}>
              {t('actions.reject')}
            </Button>
          )}
        </Stack>
      )}

      {report.deliveries.length > 0 && <ReportMail deliveries={report.deliveries} />}
      {report.review.history.length > 0 && <ReviewHistory steps={report.review.history} />}
      {reviewing && <ReviewDialog report={report} action={reviewing} onClose={() => setReviewing(null)} />}
    </Paper>
  );
}
