import { useQuery } from '@tanstack/react-query';
import type { RegistryHistoryKind } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { HistoryDialog, HistoryDialogContent } from '../../../components/history/history-dialog.tsx';
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
  return (
    <HistoryDialog subject={subject} closeLabel={t('actions.close')} onClose={onClose}>
      {(shown, titleId) => <HistoryContent subject={shown} titleId={titleId} />}
    </HistoryDialog>
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
    <HistoryDialogContent
      titleId={titleId}
      name={subject.title}
      loading={history.isPending}
      failed={history.isError}
      rows={history.data && rows}
      locale={i18n.resolvedLanguage ?? 'en-US'}
      texts={{
        title: t('history.title'),
        loading: t('history.loading'),
        failed: t('history.failed'),
        empty: t('history.empty'),
        old: t('history.old'),
        new: t('history.new'),
      }}
    />
  );
}
