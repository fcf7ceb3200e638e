import { Box, Skeleton, Stack, Typography } from '@mui/material';
import type { User } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../components/forms/search-field.tsx';

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
      <SearchField
        value={search}
        onChange={onSearch}
        placeholder={t('search.placeholder')}
        inputLabel={t('search.label')}
        clearLabel={t('search.clear')}
        sx={{ width: { xs: '100%', md: 380 } }}
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
