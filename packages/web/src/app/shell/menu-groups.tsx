import { Divider, List, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { activeItemId, visibleGroups, type MenuConfig } from './menu-config.ts';
import { MenuLink } from './menu-link.tsx';
import { moduleIcon } from './module-icons.ts';
import { menuColors } from './menu-style.ts';

interface MenuGroupsProps {
  config: MenuConfig;
  collapsed: boolean;
  onNavigate?(): void;
}

/** The menu's groups and links: only the modules the user has, the current one highlighted. */
export function MenuGroups({ config, collapsed, onNavigate }: MenuGroupsProps) {
  const { t } = useTranslation('shell');
  const { hasModule } = useSession();
  const location = useLocation();
  const groups = visibleGroups(config, hasModule);
  const active = activeItemId(
    groups.flatMap((g) => g.items),
    location.pathname,
    location.search,
  );

  return groups.map((group, index) => {
    const label = t(group.label);
    const heading = group.heading !== false && !collapsed;
    const separate = index > 0 && !heading;
    return (
      <List
        key={group.id}
        dense
        aria-label={label}
        disablePadding
        sx={{ pt: heading && index > 0 ? 1 : 0.25 }}
        subheader={
          heading ? (
            <ListSubheader
              disableSticky
              sx={(theme) => ({
                bgcolor: 'transparent',
                color: menuColors(theme).muted,
                lineHeight: '28px',
                px: 2.5,
                fontSize: 11,
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
              })}
            >
              {label}
            </ListSubheader>
          ) : undefined
        }
      >
        {separate && (
          <Divider component="li" sx={(theme) => ({ borderColor: menuColors(theme).divider, mx: 2, mb: 0.25 })} />
        )}
        {group.items.map((item) => {
          const Icon = moduleIcon(item.icon);
          return (
            <li key={item.id}>
              <MenuLink
                to={item.path}
                label={t(item.label)}
                icon={<Icon fontSize="small" />}
                collapsed={collapsed}
                selected={item.id === active}
                onClick={onNavigate}
              />
            </li>
          );
        })}
      </List>
    );
  });
}
