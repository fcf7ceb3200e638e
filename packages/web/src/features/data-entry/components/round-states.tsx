import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { Submitted } from '../model/submit-round.ts';

/** No device picked yet: what a round is and how to start one. */
export function EmptyRound() {
  const { t } = useTranslation('dataEntry');
  return <EmptyState icon={<FactCheckOutlined />} title={t('empty.title')} hint={t('empty.body')} />;
}

export const sessionPath = (sessionId: string) => `/journal-manager?tab=dataSessions&session=${sessionId}`;

/** The round is in: how many readings were stored, in which session, and the way to it. */
export function RoundDone({ done, onNewRound }: { done: Submitted; onNewRound(): void }) {
  const { t } = useTranslation('dataEntry');
  const { accepted, duplicates, invalid_values } = done.result;
  return (
    <EmptyState
      icon={<CheckCircleOutlined color="success" />}
      title={t('done.title')}
      hint={
        <>
          {t('done.stored', { count: accepted + duplicates, session: done.sessionTitle })}
          {invalid_values > 0 && ` ${t('done.invalid', { count: invalid_values })}`}
        </>
      }
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
          <Button variant="contained" component={RouterLink} to={sessionPath(done.sessionId)}>
            {t('done.openSession')}
          </Button>
          <Button onClick={onNewRound}>{t('done.newRound')}</Button>
        </Stack>
      }
    />
  );
}

/** Asks before throwing away everything typed. */
export function DiscardDialog({ open, onClose, onDiscard }: { open: boolean; onClose(): void; onDiscard(): void }) {
  const { t } = useTranslation('dataEntry');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('discard.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('discard.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {t('actions.discard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
