import { alertSnackbarVariant, needsAction, type NotificationObject, type StreamAlert } from '@vigil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationsApi } from '../../../api/notifications.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useMessageBar } from '../../../components/message-bar/message-bar-context.ts';
import { useSession } from '../../../session/session-context.ts';
import { notificationTitle } from '../model/notification-title.ts';
import { NotificationStreamClient, type StreamStatus } from './notification-stream-client.ts';

const REFRESH_DELAY_MS = 300;

/**
 * The signed-in app's one stream (requirements#monitoring-states): new notifications refresh the lists, the unread
 * count and the devices' states and latest values that dashboards show, alerts show a snackbar by priority, and the connection's state shows in the message bar
 * (streamError while connecting) and as snackbars (connectionError until the retry, success on
 * reconnect, which clears the lists and fetches them again). Offline pauses the stream.
 */
export function useNotificationStream() {
  const { t } = useTranslation('notifications');
  const { token, project } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const messageBar = useMessageBar();
  // Handlers change with the language; the stream should not reconnect for that.
  const latest = useRef({ t, enqueueSnackbar, messageBar });
  latest.current = { t, enqueueSnackbar, messageBar };

  useEffect(() => {
    const lists = queryKeys.notifications.lists(project.id);
    const unread = queryKeys.notifications.unreadCount(project.id);
    const recent = new Map<string, NotificationObject>();
    let refresh: ReturnType<typeof setTimeout> | undefined;
    let warningShown = false;
    let opened = false;

    // A reading often raises several notifications at once, and readings come a few at a time: one
    // refresh for the lot. Each notification follows a state change, each reading summary new values:
    // dashboards show both without a reload.
    let refreshLists = false;
    const scheduleRefresh = (withLists: boolean) => {
      refreshLists ||= withLists;
      clearTimeout(refresh);
      refresh = setTimeout(() => {
        if (refreshLists) {
          void queryClient.invalidateQueries({ queryKey: lists });
          void queryClient.invalidateQueries({ queryKey: unread });
          // A notification may have raised or cleared an alarm.
          void queryClient.invalidateQueries({ queryKey: queryKeys.rules.alarms(project.id) });
        }
        refreshLists = false;
        void queryClient.invalidateQueries({ queryKey: queryKeys.registry.deviceSummaries(project.id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.metrics.allLatest() });
      }, REFRESH_DELAY_MS);
    };
    const hideWarning = () => {
      if (warningShown) latest.current.messageBar.hide();
      warningShown = false;
    };

    const onStatus = (status: StreamStatus) => {
      const { t, enqueueSnackbar, messageBar } = latest.current;
      if (status.type === 'open') {
        hideWarning();
        // What was raised between the lists' first fetch and the stream's opening came on neither.
        if (!opened) scheduleRefresh(true);
        opened = true;
      } else if (status.type === 'error' && status.retryIn === null) {
        messageBar.show({ message: t('stream.streamError'), severity: 'warning' });
        warningShown = true;
      } else if (status.type === 'error') {
        hideWarning();
        enqueueSnackbar(t('stream.connectionError', { seconds: Math.round(status.retryIn! / 1000) }), {
          variant: 'warning',
          autoHideDuration: status.retryIn,
          preventDuplicate: true,
        });
      } else if (status.type === 'reconnected') {
        hideWarning();
        if (status.afterError) enqueueSnackbar(t('stream.reconnected'), { variant: 'success' });
        void queryClient.resetQueries({ queryKey: lists });
        void queryClient.invalidateQueries({ queryKey: unread });
      }
    };

    // Alarms are for action (ISA-18.2): a snackbar only for an alarm raised and waiting for an
    // operator; the rest is in the bell. An alert whose notification never came still shows.
    const onAlert = (alert: StreamAlert) => {
      const { t, enqueueSnackbar } = latest.current;
      const notification = recent.get(alert.notification_id);
      if (notification && !needsAction(notification.extra)) return;
      const text = notification ? notificationTitle(t, notification) : alert.text;
      enqueueSnackbar(text, { variant: alertSnackbarVariant(alert.priority) });
    };

    const client = new NotificationStreamClient(() => notificationsApi.streamUrl(token), {
      notification: (notification) => {
        recent.set(notification.id, notification);
        if (recent.size > 50) recent.delete(recent.keys().next().value!);
        scheduleRefresh(true);
      },
      readings: () => scheduleRefresh(false),
      alert: onAlert,
      status: onStatus,
    });
    const pause = () => client.pause();
    const resume = () => client.resume();
    window.addEventListener('offline', pause);
    window.addEventListener('online', resume);
    client.start();
    return () => {
      window.removeEventListener('offline', pause);
      window.removeEventListener('online', resume);
      clearTimeout(refresh);
      client.stop();
      hideWarning();
    };
  }, [token, project.id, queryClient]);
}
