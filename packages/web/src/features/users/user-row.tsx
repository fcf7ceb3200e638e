import { Avatar, Box, Chip, Stack, TableCell, TableRow, Tooltip, Typography, type StackProps } from '@mui/material';
import type { User } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import type { Restriction } from './user-access.ts';
import { UserActionsMenu, type UserRowHandlers } from './user-actions-menu.tsx';
import { roleLabel } from './users-export.ts';
import { displayNameOf, initialsOf } from './users-table-model.ts';

/** Columns that narrow screens fold into the name cell. */
export const COLUMN_DISPLAY: Record<string, { xs?: string; sm?: string; md?: string } | undefined> = {
  username: { xs: 'none', md: 'table-cell' },
  email: { xs: 'none', sm: 'table-cell' },
  roles: { xs: 'none', md: 'table-cell' },
  status: { xs: 'none', sm: 'table-cell' },
};

interface UserRowProps extends UserRowHandlers {
  user: User;
  isCurrentUser: boolean;
  restriction: Restriction | null;
}

export function UserRow({ user, isCurrentUser, restriction, onEdit, onAccountAction }: UserRowProps) {
  const { t } = useTranslation('users');
  const name = displayNameOf(user);
  return (
    <TableRow hover sx={{ '&:last-child td': { borderBottom: 0 } }}>
      <TableCell sx={{ minWidth: { md: 200 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, minWidth: 0 }}>
          <Avatar
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              fontSize: '0.875rem',
              bgcolor: user.is_active ? 'primary.main' : 'action.disabled',
            }}
          >
            {initialsOf(name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>
                {name}
              </Typography>
              {isCurrentUser && <Chip label={t('you')} size="small" color="primary" variant="outlined" />}
            </Stack>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}
            >
              {user.username}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: { xs: 'block', sm: 'none' }, overflowWrap: 'anywhere' }}
            >
              <EmailText email={user.email} />
            </Typography>
            {/* On a phone the roles and status columns fold in here. */}
            <Stack direction="row" sx={{ display: { xs: 'flex', sm: 'none' }, flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
              {user.roles.map((role) => (
                <Chip key={role.id} label={roleLabel(t, role.name)} size="small" variant="outlined" />
              ))}
              <StatusChips user={user} direction="row" />
            </Stack>
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.username }}>{user.username}</TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.email, overflowWrap: 'break-word' }}>
        <EmailText email={user.email} />
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.roles }}>
        {user.roles.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {user.roles.map((role) => (
              <Chip key={role.id} label={roleLabel(t, role.name)} size="small" variant="outlined" />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('noRole')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.status }}>
        <StatusChips user={user} direction={{ xs: 'column', lg: 'row' }} />
      </TableCell>
      <TableCell align="right" sx={{ width: 56, pl: 0 }}>
        <UserActionsMenu user={user} restriction={restriction} onEdit={onEdit} onAccountAction={onAccountAction} />
      </TableCell>
    </TableRow>
  );
}

/** Active or deactivated; password chosen or an invitation still to be accepted. */
function StatusChips({ user, direction }: { user: User; direction: StackProps['direction'] }) {
  const { t } = useTranslation('users');
  return (
    <Stack direction={direction} sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={t(user.is_active ? 'status.active' : 'status.inactive')}
        color={user.is_active ? 'success' : 'default'}
        variant={user.is_active ? 'filled' : 'outlined'}
      />
      <Tooltip title={t(user.is_password_set ? 'status.passwordSetHelp' : 'status.invitedHelp')}>
        <Chip
          size="small"
          variant="outlined"
          color={user.is_password_set ? 'default' : 'warning'}
          label={t(user.is_password_set ? 'status.passwordSet' : 'status.invited')}
        />
      </Tooltip>
    </Stack>
  );
}

/** An e-mail address that may wrap before its @ rather than anywhere inside it. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
