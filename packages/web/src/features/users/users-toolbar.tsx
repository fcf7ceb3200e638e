import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Box, IconButton, InputAdornment, Skeleton, Stack, TextField, Typography } from '@mui/material';
import type { User } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

interface UsersToolbarProps {
  search: string;
  onSearch(search: string): void;
  /** every user of the project; undefined while loading */
  users: User[] | undefined;
  /** how many users the search finds */
  found: number | undefined;
}

/** The search over username, name and e-mail, and how many users there are. */
export function UsersToolbar({ search, onSearch, users, found }: UsersToolbarProps) {
  const { t } = useTranslation('users');
  const active = users?.filter((u) => u.is_active).length ?? 0;
  const pending = users?.filter((u) => u.is_active && !u.is_password_set).length ?? 0;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1.5, md: 3 }}
      sx={{ p: 2, alignItems: { xs: 'stretch', md: 'center' }, borderBottom: 1, borderColor: 'divider' }}
    >
      <TextField
        size="small"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder={t('search.placeholder')}
        sx={{ width: { xs: '100%', md: 380 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('search.label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: search ? (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={t('search.clear')} onClick={() => onSearch('')}>
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Box sx={{ flex: 1 }} />
      {users ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {search.trim()
            ? t('summary.found', { found, total: users.length })
            : t('summary.all', { total: users.length, active, pending })}
        </Typography>
      ) : (
        <Skeleton width={220} />
      )}
    </Stack>
  );
}
