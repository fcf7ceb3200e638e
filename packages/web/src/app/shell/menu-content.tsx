import { Box, Divider, Toolbar } from '@mui/material';
import { useSession } from '../../session/session-context.ts';
import { themeFolder } from '../../theme/theme-file.ts';
import { MenuGroups } from './menu-groups.tsx';
import { menuColors } from './menu-style.ts';
import { MenuVersion } from './menu-version.tsx';
import { useMenuConfig } from './shell-files.ts';

interface MenuContentProps {
  collapsed: boolean;
  onAbout(): void;
  onNavigate?(): void;
}

/** Inside the drawer: logo, the module links, the footer image and the version. */
export function MenuContent({ collapsed, onAbout, onNavigate }: MenuContentProps) {
  const { project } = useSession();
  const config = useMenuConfig(themeFolder(project)).data;
  const logo = collapsed ? (config?.logoMark ?? config?.logo) : config?.logo;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar
        disableGutters
        sx={{ px: collapsed ? 1 : 2.5, justifyContent: collapsed ? 'center' : 'flex-start', flexShrink: 0 }}
      >
        {logo && (
          <Box
            component="img"
            src={logo.src}
            alt={logo.alt}
            sx={{ display: 'block', maxHeight: collapsed ? 32 : 40, maxWidth: collapsed ? 32 : 200 }}
          />
        )}
      </Toolbar>
      <Divider sx={(theme) => ({ borderColor: menuColors(theme).divider })} />
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.75 }}>
        {config && <MenuGroups config={config} collapsed={collapsed} onNavigate={onNavigate} />}
      </Box>
      <Divider sx={(theme) => ({ borderColor: menuColors(theme).divider })} />
      {config?.footer && !collapsed && (
        <Box sx={{ px: 2.5, pt: 1.25, display: 'flex' }}>
          <Box
            component="img"
            src={config.footer.src}
            alt={config.footer.alt}
            sx={{ maxWidth: '100%', maxHeight: 40 }}
          />
        </Box>
      )}
      <MenuVersion collapsed={collapsed} onOpen={onAbout} />
    </Box>
  );
}
