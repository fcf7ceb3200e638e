import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import FilterListIcon from '@mui/icons-material/FilterList';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Badge, Box, Collapse, Divider, Drawer, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationList } from '../components/notification-list.tsx';
import { NotificationFilterPanel } from '../filters/notification-filter-panel.tsx';
import { changedFilterCount } from '../model/notification-filters.ts';
import { useAppliedFilters } from '../model/use-applied-filters.ts';
import { useMarkAllRead, useNotificationList, useUnreadCount } from '../model/use-notification-data.ts';

/** Drawer width of requirements#monitoring-constants. */
export const DRAWER_WIDTH = 450;

interface NotificationDrawerProps {
  open: boolean;
  onClose(): void;
  selectedId?: string | null | undefined;
  onSelect(notification: NotificationObject): void;
}

/**
 * The right-hand notification drawer (requirements#monitoring-screens): filters, mark all read, and the list.
 *
 * Not modal: a modal would hide the rest of the page from assistive technology, the alerts'
 * snackbars with it, and alerts are what an operator keeps the drawer open for. It takes the focus
 * when it opens and gives it back when it closes; Escape closes it.
 */
export function NotificationDrawer({ open, onClose, selectedId, onSelect }: NotificationDrawerProps) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const paper = useRef<HTMLDivElement>(null);
  useFocusWhileOpen(open, paper);
  const [filtering, setFiltering] = useState(false);
  const { filters, query, apply } = useAppliedFilters(false);
  const list = useNotificationList(query);
  const unread = useUnreadCount().data ?? 0;
  const markAll = useMarkAllRead();
  const changed = changedFilterCount(filters);

  return (
    <Drawer
      variant="persistent"
      anchor="right"
      open={open}
      slotProps={{
        paper: {
          ref: paper,
          role: 'dialog',
          'aria-labelledby': titleId,
          tabIndex: -1,
          onKeyDown: (event: KeyboardEvent) => {
            // Menus and suggestion lists inside close themselves on Escape and stop it there.
            if (event.key === 'Escape' && !event.defaultPrevented) onClose();
          },
          sx: {
            width: { xs: '100%', sm: DRAWER_WIDTH },
            display: 'flex',
            flexDirection: 'column',
            boxShadow: 16,
            outline: 'none',
          },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, gap: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('drawer.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('drawer.unread', { count: unread })}
          </Typography>
        </Box>
        <Tooltip title={t('drawer.filters')}>
          <IconButton
            aria-label={t('drawer.filters')}
            aria-expanded={filtering}
            onClick={() => setFiltering((v) => !v)}
          >
            <Badge badgeContent={changed} color="primary">
              <FilterListIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('drawer.markAllRead')}>
          <span>
            <IconButton
              aria-label={t('drawer.markAllRead')}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              <DoneAllIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('drawer.openPage')}>
          <IconButton aria-label={t('drawer.openPage')} component={Link} to="/notifications" onClick={onClose}>
            <OpenInFullIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('drawer.close')}>
          <IconButton aria-label={t('drawer.close')} edge="end" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Divider />
      <Collapse in={filtering} unmountOnExit>
        <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}>
          <NotificationFilterPanel
            applied={filters}
            onApply={(next) => {
              apply(next);
              setFiltering(false);
            }}
          />
        </Box>
      </Collapse>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <NotificationList list={list} selectedId={selectedId} onSelect={onSelect} label={t('drawer.listLabel')} />
      </Box>
    </Drawer>
  );
}

/** Moves the focus into `panel` when it opens, and back to where it was (the bell) when it closes from inside. */
function useFocusWhileOpen(open: boolean, panel: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.focus({ preventScroll: true });
    return () => {
      if (element.contains(document.activeElement)) before?.focus({ preventScroll: true });
    };
  }, [open, panel]);
}
