import { Box, Collapse, Paper, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { ExportDialog } from '../../../components/export-dialog/export-dialog.tsx';
import { NotificationList } from '../components/notification-list.tsx';
import { EventDetail } from '../event-detail/event-detail.tsx';
import { EventDetailDialog } from '../event-detail/event-detail-dialog.tsx';
import { NotificationFilterPanel } from '../filters/notification-filter-panel.tsx';
import { changedFilterCount, type NotificationFilters } from '../model/notification-filters.ts';
import { useAppliedFilters } from '../model/use-applied-filters.ts';
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from '../model/use-notification-data.ts';
import { NoSelection } from './no-selection.tsx';
import { notificationsExport } from './notifications-export.ts';
import { PageActions } from './page-actions.tsx';
import { useNotificationsExport } from './use-notifications-export.ts';

/**
 * /notifications: the project's notification history (not only what came after the user joined),
 * filtered as in the drawer, with the detail beside the list on wide screens and the export.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { project } = useSession();
  // Filters stand beside the list only where list and detail still have room.
  const filtersBeside = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const detailBeside = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const titleId = useId();
  const [filtering, setFiltering] = useState(false);
  const [selected, setSelected] = useState<NotificationObject | null>(null);
  const { filters, query, apply } = useAppliedFilters(true);
  const list = useNotificationList(query);
  const unread = useUnreadCount().data ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const exporting = useNotificationsExport(query);
  const shownCount = list.data?.pages[0]?.count;

  const select = (notification: NotificationObject) => {
    setSelected(notification);
    if (!notification.is_read) markRead.mutate(notification);
  };
  const filterPanel = (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <NotificationFilterPanel
        applied={filters}
        onApply={(next: NotificationFilters) => {
          apply(next);
          setSelected(null);
          setFiltering(false);
        }}
      />
    </Paper>
  );

  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1600, mx: 'auto' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {t('page.title')}
          </Typography>
          <Typography color="text.secondary">
            {shownCount === undefined
              ? t('page.intro', { project: project.name })
              : t('page.count', { count: shownCount, project: project.name })}
          </Typography>
        </Box>
        <PageActions
          filters={
            filtersBeside
              ? null
              : { open: filtering, changed: changedFilterCount(filters), onToggle: () => setFiltering((v) => !v) }
          }
          canMarkAll={unread > 0 && !markAll.isPending}
          onMarkAll={() => markAll.mutate()}
          canExport={Boolean(shownCount)}
          exporting={exporting.loading}
          onExport={() => void exporting.start()}
        />
      </Stack>

      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {filtersBeside && <Box sx={{ width: 320, flex: 'none' }}>{filterPanel}</Box>}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {!filtersBeside && (
            <Collapse in={filtering} unmountOnExit>
              <Box sx={{ mb: 2, maxWidth: 560 }}>{filterPanel}</Box>
            </Collapse>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Paper
              variant="outlined"
              sx={{
                width: { xs: '100%', md: 360, lg: 400 },
                flex: 'none',
                maxHeight: { md: 'calc(100vh - 200px)' },
                overflowY: 'auto',
              }}
            >
              <NotificationList list={list} selectedId={selected?.id} onSelect={select} label={t('page.listLabel')} />
            </Paper>
            {detailBeside && (
              <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 3 }}>
                {selected ? (
                  <EventDetail notification={selected} titleId={titleId} onNavigate={() => setSelected(null)} />
                ) : (
                  <NoSelection />
                )}
              </Paper>
            )}
          </Stack>
        </Box>
      </Stack>

      {!detailBeside && (
        <EventDetailDialog
          notification={selected}
          onClose={() => setSelected(null)}
          onNavigate={() => setSelected(null)}
        />
      )}
      {exporting.rows && (
        <ExportDialog
          open
          onClose={exporting.close}
          settings={notificationsExport(t, exporting.rows, { projectName: project.name, filters })}
        />
      )}
    </Box>
  );
}
