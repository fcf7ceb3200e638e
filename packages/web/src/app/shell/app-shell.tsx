import { Box, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSession } from '../../session/session-context.ts';
import { AboutDialog } from './about-dialog.tsx';
import { LeftMenu } from './left-menu.tsx';
import {
  MessageBarContext,
  type MessageBarApi,
  type MessageBarMessage,
} from '../../components/message-bar/message-bar-context.ts';
import { ProjectSwitchDialog } from './project-switch-dialog.tsx';
import { useAppConfig } from './shell-files.ts';
import { TopBar } from './top-bar.tsx';

/** The signed-in frame around every page: left menu, top bar and the dialogs they open. */
export function AppShell({ children }: { children: ReactNode }) {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [dialog, setDialog] = useState<'about' | 'project' | null>(null);
  const [message, setMessage] = useState<MessageBarMessage | null>(null);
  const messageBar = useMemo<MessageBarApi>(() => ({ show: setMessage, hide: () => setMessage(null) }), []);
  useDocumentTitle();

  return (
    <MessageBarContext.Provider value={messageBar}>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <LeftMenu
          collapsed={collapsed}
          mobileOpen={mobileOpen}
          onMobileClose={() => setMobileOpen(false)}
          onAbout={() => setDialog('about')}
        />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <TopBar
            small={small}
            menuOpen={small ? mobileOpen : !collapsed}
            onMenuClick={() => (small ? setMobileOpen((open) => !open) : setCollapsed((value) => !value))}
            onSelectProject={() => setDialog('project')}
            message={message}
            onMessageClose={messageBar.hide}
          />
          <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
            {children}
          </Box>
        </Box>
      </Box>
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
      <ProjectSwitchDialog open={dialog === 'project'} onClose={() => setDialog(null)} />
    </MessageBarContext.Provider>
  );
}

/** The browser tab names the project and the application. */
function useDocumentTitle() {
  const { project } = useSession();
  const appName = useAppConfig().data?.applicationName ?? 'Vigil';
  useEffect(() => {
    document.title = `${project.name} · ${appName}`;
  }, [project.name, appName]);
}
