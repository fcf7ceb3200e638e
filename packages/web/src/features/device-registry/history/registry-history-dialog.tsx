import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { RegistryHistoryKind } from '@vigil/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogSubject } from '../../../components/dialogs/use-dialog-subject.ts';
import { ChangeHistoryList } from '../../../components/history/change-history-list.tsx';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { registryHistoryQuery } from '../api/history-api.ts';
import { historyRows } from '../model/history-rows.ts';

/** What a history is of: a device, scheme or group by its registry path, and its name. */
export interface HistorySubject {
  kind: RegistryHistoryKind;
  id: string;
  title: string;
}

/** Every create, change and delete of a device, scheme or group: who, when, each field's old and new value. */
export function RegistryHistoryDialog({ subject, onClose }: { subject: HistorySubject | null; onClose(): void }) {
  const { t } = useTranslation('deviceRegistry');
  const titleId = useId();
  const shown = useDialogSubject(subject);
  return (
    <Dialog open={Boolean(subject)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown && <HistoryContent key={shown.key} subject={shown.subject} titleId={titleId} />}
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryContent({ subject, titleId }: { subject: HistorySubject; titleId: string }) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const history = useQuery(registryHistoryQuery(subject.kind, subject.id));
  const rows = historyRows(history.data ?? [], {
    heading: (action, user) => t(`history.${action}`, { user: user ?? t('history.someone') }),
    field: (name) =>
      name.startsWith('calibrations.') ? t('calibrations.historyField') : t(`fields.${name}`, { defaultValue: name }),
    none: t('none'),
    yes: t('yes'),
    no: t('no'),
    date: (iso) => formatDisplayDate(iso, i18n.resolvedLanguage ?? 'en-US'),
  });
  return (
    <>
      <DialogTitle id={titleId}>
        {t('history.title')}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {subject.title}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {history.isPending && <Skeleton variant="rounded" height={120} aria-label={t('history.loading')} />}
        {history.isError && <Alert severity="error">{t('history.failed')}</Alert>}
        {history.data?.length === 0 && <Alert severity="info">{t('history.empty')}</Alert>}
        {history.data && history.data.length > 0 && (
          <ChangeHistoryList
            rows={rows}
            locale={i18n.resolvedLanguage ?? 'en-US'}
            label={t('history.title')}
            oldLabel={t('history.old')}
            newLabel={t('history.new')}
          />
        )}
      </DialogContent>
    </>
  );
}
