import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RoundSummary } from '../model/round-summary.ts';

/** The first thing to fix, naming its device, and how many more devices need fixing. */
function blockerText(t: TFunction<'dataEntry'>, summary: RoundSummary) {
  const [first, ...rest] = summary.blockers;
  const text = t(`summary.blocker.${first!.kind}`, { device: first!.device });
  return rest.length ? `${text} ${t('summary.more', { count: rest.length })}` : text;
}

interface RoundActionsProps {
  summary: RoundSummary;
  online: boolean;
  /** the browser keeps the round (false in private windows, or when storage is full) */
  kept: boolean;
  submitting: boolean;
  /** the readings are in; only closing the session is left */
  resuming: boolean;
  failure: string | null;
  onSubmit(): void;
  onDiscard(): void;
}

/** The round's footing, always in reach at the bottom: what it holds, what stops it, and Submit. */
export function RoundActions(props: RoundActionsProps) {
  const { summary, online, kept, submitting, resuming, failure, onSubmit, onDiscard } = props;
  const { t } = useTranslation('dataEntry');
  const blocked = summary.blockers.length > 0;
  return (
    <Paper
      component="section"
      aria-label={t('actions.label')}
      elevation={6}
      sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, mt: 2, p: { xs: 1.5, sm: 2 }, zIndex: 2 }}
    >
      {failure && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {failure}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }} role="status">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('summary.readings', { count: summary.readings })}
            {summary.critical > 0 && ` · ${t('summary.critical', { count: summary.critical })}`}
            {summary.warning > 0 && ` · ${t('summary.warning', { count: summary.warning })}`}
          </Typography>
          <Typography variant="caption" color={blocked ? 'error' : 'text.secondary'} component="p">
            {resuming ? t('summary.resuming') : blocked ? blockerText(t, summary) : t('summary.ready')}
          </Typography>
          <Typography
            variant="caption"
            color={kept ? 'text.secondary' : 'warning.dark'}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            {online ? <SaveOutlined fontSize="inherit" /> : <CloudOffOutlined fontSize="inherit" />}
            {!kept ? t('summary.notKept') : online ? t('summary.kept') : t('summary.offline')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onDiscard} disabled={submitting || resuming} color="inherit">
            {t('actions.discard')}
          </Button>
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            onClick={onSubmit}
            loading={submitting}
            disabled={!online || (blocked && !resuming)}
          >
            {resuming ? t('actions.finish') : t('actions.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
