import type { NotificationObject } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/client.ts';
import { notificationsApi } from '../../../api/notifications.ts';

/** Fetches every notification of the filtered list for the export dialog (every page, not only those scrolled to). */
export function useNotificationsExport(query: Query) {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const [loading, setLoading] = useState(false);
  const [rows, setRows] = useState<NotificationObject[] | null>(null);
  const start = async () => {
    setLoading(true);
    try {
      setRows(await notificationsApi.listAll(query));
    } catch {
      enqueueSnackbar(t('errors.fetchError'), { variant: 'error' });
    } finally {
      setLoading(false);
    }
  };
  return { loading, rows, start, close: () => setRows(null) };
}
