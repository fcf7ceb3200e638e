import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alarm } from '@vigil/domain';
import { useSnackbar } from '../snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { alarmsApi } from '../../api/alarms.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../session/session-context.ts';

/** Acknowledge, shelve and unshelve: each refreshes every alarm query of the project and says it did. */
export function useAlarmActions() {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const done = (message: string) => async (alarm: Alarm) => {
    queryClient.setQueryData(queryKeys.rules.alarm(project.id, alarm.id), alarm);
    await queryClient.invalidateQueries({ queryKey: queryKeys.rules.alarms(project.id) });
    enqueueSnackbar(message, { variant: 'success' });
  };
  return {
    acknowledge: useMutation({
      mutationFn: ({ id, comment }: { id: string; comment: string }) => alarmsApi.acknowledge(id, comment),
      onSuccess: done(t('actions.acknowledged')),
    }),
    shelve: useMutation({
      mutationFn: ({ id, reason, hours }: { id: string; reason: string; hours: number }) =>
        alarmsApi.shelve(id, reason, hours),
      onSuccess: done(t('actions.shelvedDone')),
    }),
    unshelve: useMutation({
      mutationFn: (id: string) => alarmsApi.unshelve(id),
      onSuccess: done(t('actions.unshelvedDone')),
    }),
  };
}
