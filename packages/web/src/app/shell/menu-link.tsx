import { ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { menuColors } from './menu-style.ts';

interface MenuLinkProps {
  label: string;
  icon: ReactNode;
  collapsed: boolean;
  selected?: boolean;
  /** a route, or nothing for a button */
  to?: string;
  onClick?(): void;
}

/** One row of the menu: icon and label, or the icon alone with the label as a tooltip when collapsed. */
export function MenuLink({ label, icon, collapsed, selected = false, to, onClick }: MenuLinkProps) {
  const link = to ? { component: Link, to, 'aria-current': selected ? ('page' as const) : undefined } : {};
  const row = (
    <ListItemButton
      {...link}
      selected={selected}
      onClick={onClick}
      sx={(theme) => {
        const colors = menuColors(theme);
        return {
          minHeight: 38,
          py: 0.5,
          mx: 1,
          px: 1.5,
          borderRadius: 1,
          color: colors.text,
          position: 'relative',
          transition: theme.transitions.create(['background-color', 'color']),
          '&:hover': { bgcolor: colors.hover, color: colors.ink },
          '&.Mui-selected, &.Mui-selected:hover': { bgcolor: colors.selected, color: colors.ink },
          '&.Mui-selected::before': {
            content: '""',
            position: 'absolute',
            left: -8,
            top: 7,
            bottom: 7,
            width: 3,
            borderRadius: 3,
            bgcolor: colors.accent,
          },
          '&.Mui-focusVisible': { outline: `2px solid ${colors.accent}`, outlineOffset: -2 },
        };
      }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, color: 'inherit', transition: 'margin 150ms' }}>
        {icon}
      </ListItemIcon>
      <ListItemText
        primary={label}
        sx={{ opacity: collapsed ? 0 : 1, m: 0, transition: 'opacity 150ms' }}
        slotProps={{
          primary: { noWrap: true, variant: 'body2', component: 'span', sx: { fontWeight: selected ? 600 : 500 } },
        }}
      />
    </ListItemButton>
  );
  if (!collapsed) return row;
  return (
    <Tooltip title={label} placement="right" describeChild>
      {row}
    </Tooltip>
  );
}
