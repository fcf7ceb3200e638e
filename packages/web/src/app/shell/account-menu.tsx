import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../session/session-context.ts';

/** Up to two initials of a name, for the avatar. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('');
}

/** The avatar button of the top bar and its menu: who is signed in, and where to go (requirements#shell-screens). */
export function AccountMenu({ onSelectProject }: { onSelectProject(): void }) {
  const { t } = useTranslation('shell');
  const { displayName, profile, user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const responder = profile.default_responder_type?.title;

  return (
    <>
      <Tooltip title={displayName} describeChild>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('account.open', { name: displayName })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          sx={{ p: 0.5 }}
        >
          <Avatar
            src={user.profile_image ?? undefined}
            alt=""
            sx={{
              width: 36,
              height: 36,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 15,
              fontWeight: 600,
            }}
          >
            {initialsOf(displayName)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxWidth: 340, mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {displayName}
          </Typography>
          {responder && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {responder}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onSelectProject();
          }}
        >
          <ListItemIcon>
            <SwapHorizOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.selectProject')}
        </MenuItem>
        <MenuItem component={Link} to="/profile" onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.myAccount')}
        </MenuItem>
        <Divider />
        <MenuItem component={Link} to="/logout" onClick={close}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('account.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
