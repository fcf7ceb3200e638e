import { Box, Drawer, useMediaQuery, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MenuContent } from './menu-content.tsx';
import { collapsedMenuWidth, MENU_WIDTH, menuColors } from './menu-style.ts';

interface LeftMenuProps {
  /** the permanent menu shows icons only */
  collapsed: boolean;
  /** the temporary menu of small screens is open */
  mobileOpen: boolean;
  onMobileClose(): void;
  onAbout(): void;
}

const paper = (theme: Theme) => ({
  bgcolor: menuColors(theme).background,
  color: menuColors(theme).ink,
  borderRight: 'none',
  overflowX: 'hidden' as const,
});

/** The left menu: permanent and collapsible on wide screens, temporary on small ones (requirements#shell-screens). */
export function LeftMenu({ collapsed, mobileOpen, onMobileClose, onAbout }: LeftMenuProps) {
  const { t } = useTranslation('shell');
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });

  if (small) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { 'aria-label': t('menu.label'), sx: paper } }}
        sx={{ '& .MuiDrawer-paper': { width: MENU_WIDTH } }}
      >
        <Box component="nav" aria-label={t('menu.label')} sx={{ height: '100%' }}>
          <MenuContent
            collapsed={false}
            onNavigate={onMobileClose}
            onAbout={() => {
              onMobileClose();
              onAbout();
            }}
          />
        </Box>
      </Drawer>
    );
  }

  return (
    <Drawer
      variant="permanent"
      open
      slotProps={{ paper: { component: 'nav', 'aria-label': t('menu.label'), sx: paper } }}
      sx={(theme) => {
        const width = collapsed ? collapsedMenuWidth(theme) : `${MENU_WIDTH}px`;
        const transition = theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: collapsed ? theme.transitions.duration.leavingScreen : theme.transitions.duration.enteringScreen,
        });
        return {
          width,
          flexShrink: 0,
          whiteSpace: 'nowrap',
          transition,
          '& .MuiDrawer-paper': { width, transition, boxSizing: 'border-box' },
        };
      }}
    >
      <Box sx={{ height: '100%' }}>
        <MenuContent collapsed={collapsed} onAbout={onAbout} />
      </Box>
    </Drawer>
  );
}
