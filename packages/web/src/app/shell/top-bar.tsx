import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AlarmBadge } from '../../features/alarms/alarm-badge.tsx';
import { NotificationCentre } from '../../features/notifications/drawer/notification-centre.tsx';
import { useSession } from '../../session/session-context.ts';
import { AccountMenu } from './account-menu.tsx';
import { LoadingBar } from './loading-bar.tsx';
import { MessageBar } from './message-bar.tsx';
import type { MessageBarMessage } from '../../components/message-bar/message-bar-context.ts';
import { OfflineStrip } from './offline-strip.tsx';

interface TopBarProps {
  /** small screens open a temporary menu; wide ones collapse the permanent one */
  small: boolean;
  menuOpen: boolean;
  onMenuClick(): void;
  onSelectProject(): void;
  message: MessageBarMessage | null;
  onMessageClose(): void;
}

/** The top bar: menu button, the project's name, account menu, and the strips under it (requirements#shell-screens). */
export function TopBar({ small, menuOpen, onMenuClick, onSelectProject, message, onMessageClose }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { project } = useSession();
  const menuLabel = small ? t('menu.open') : menuOpen ? t('menu.collapse') : t('menu.expand');

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Box sx={{ position: 'relative' }}>
        <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
          <IconButton edge="start" onClick={onMenuClick} aria-label={menuLabel} aria-expanded={menuOpen}>
            {!small && menuOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <Typography variant="h6" component="div" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
            {project.name}
          </Typography>
          <AlarmBadge />
          <NotificationCentre />
          <AccountMenu onSelectProject={onSelectProject} />
        </Toolbar>
        <LoadingBar />
      </Box>
      <OfflineStrip />
      <MessageBar message={message} onClose={onMessageClose} />
    </AppBar>
  );
}
