import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import { Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import type { User } from '@vigil/domain';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rowActions, type Restriction } from './user-access.ts';
import type { AccountAction } from './use-user-mutations.ts';

/** What a user's row does when one of his actions is chosen. */
export interface UserRowHandlers {
  onEdit(user: User): void;
  onAccountAction(action: AccountAction, user: User): void;
}

interface UserActionsMenuProps extends UserRowHandlers {
  user: User;
  restriction: Restriction | null;
}

/**
 * The actions on one user, offered only when the signed-in user may manage him; otherwise a disabled
 * button whose tooltip says why.
 */
export function UserActionsMenu({ user, restriction, onEdit, onAccountAction }: UserActionsMenuProps) {
  const { t } = useTranslation('users');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = rowActions(user, restriction);
  const label = t('actions.menu', { name: user.username });

  if (restriction !== null) {
    return (
      <Tooltip title={t(`restrictions.${restriction}`)}>
        {/* A disabled button gets no pointer events: the span carries the tooltip. */}
        <span>
          <IconButton aria-label={label} disabled size="small">
            <MoreVert fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  }

  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const item = (
    key: string,
    icon: ReactNode,
    onClick: () => void,
    options: { danger?: boolean; help?: string; disabled?: boolean } = {},
  ) => (
    <MenuItem
      onClick={run(onClick)}
      disabled={options.disabled}
      sx={options.danger ? { color: 'error.main' } : undefined}
    >
      <ListItemIcon sx={options.danger ? { color: 'error.main' } : undefined}>{icon}</ListItemIcon>
      <ListItemText primary={t(`actions.${key}`)} secondary={options.help} />
    </MenuItem>
  );

  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.edit && item('edit', <EditOutlined fontSize="small" />, () => onEdit(user))}
        {item('invite', <ForwardToInboxOutlined fontSize="small" />, () => onAccountAction('invite', user), {
          disabled: !actions.invite,
          help: !actions.invite
            ? t('actions.inviteInactiveHelp')
            : user.is_password_set
              ? t('actions.inviteAgainHelp')
              : undefined,
        })}
        {actions.activate &&
          item('activate', <HowToRegOutlined fontSize="small" />, () => onAccountAction('activate', user))}
        {actions.deactivate &&
          item('deactivate', <BlockOutlined fontSize="small" />, () => onAccountAction('deactivate', user))}
        <Divider />
        {actions.delete &&
          item('delete', <DeleteOutlined fontSize="small" />, () => onAccountAction('delete', user), { danger: true })}
      </Menu>
    </>
  );
}
