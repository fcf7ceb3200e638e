import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import {
  Box,
  Button,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { User } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Restriction } from './user-access.ts';
import type { UserRowHandlers } from './user-actions-menu.tsx';
import { COLUMN_DISPLAY, UserRow } from './user-row.tsx';
import { ROWS_PER_PAGE_OPTIONS, type SortColumn, type Sorting } from './users-table-model.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';

const COLUMNS: readonly { id: SortColumn | 'actions'; sortable: boolean }[] = [
  { id: 'name', sortable: true },
  { id: 'username', sortable: true },
  { id: 'email', sortable: true },
  { id: 'roles', sortable: true },
  { id: 'status', sortable: true },
  { id: 'actions', sortable: false },
];
const SKELETON_ROWS = 6;

export interface UsersTableProps extends UserRowHandlers {
  /** the rows of the page shown; undefined while loading */
  rows: User[] | undefined;
  error: unknown;
  onRetry(): void;
  /** the number of users found, on every page */
  total: number;
  search: string;
  onClearSearch(): void;
  sorting: Sorting;
  onSort(column: SortColumn): void;
  page: number;
  rowsPerPage: number;
  onPageChange(page: number): void;
  onRowsPerPageChange(rows: number): void;
  currentUserId: string;
  restrictionOf(user: User): Restriction | null;
}

/** The users of the project: sortable columns, one page at a time; loading, empty and failed states designed. */
export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation('users');
  const { rows, error, sorting } = props;

  return (
    <>
      <TableContainer>
        <Table aria-label={t('table.label')} sx={{ minWidth: { sm: 560 } }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column.id}
                  sortDirection={sorting.column === column.id ? sorting.direction : false}
                  align={column.id === 'actions' ? 'right' : 'left'}
                  sx={{ display: COLUMN_DISPLAY[column.id], whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {column.id !== 'actions' ? (
                    <TableSortLabel
                      active={sorting.column === column.id}
                      direction={sorting.column === column.id ? sorting.direction : 'asc'}
                      onClick={() => props.onSort(column.id as SortColumn)}
                    >
                      {t(`columns.${column.id}`)}
                    </TableSortLabel>
                  ) : (
                    <Box component="span" sx={visuallyHidden}>
                      {t('columns.actions')}
                    </Box>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === undefined && !error && <SkeletonRows />}
            {rows?.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isCurrentUser={user.id === props.currentUserId}
                restriction={props.restrictionOf(user)}
                onEdit={props.onEdit}
                onAccountAction={props.onAccountAction}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {error ? (
        <EmptyState
          icon={<ErrorOutlineOutlined />}
          tone="error"
          title={t('states.errorTitle')}
          body={t('states.errorBody')}
          action={<Button onClick={props.onRetry}>{t('actions.retry')}</Button>}
        />
      ) : rows?.length === 0 && props.search.trim() ? (
        <EmptyState
          icon={<SearchOffOutlined />}
          title={t('states.noMatchTitle')}
          body={t('states.noMatchBody', { search: props.search.trim() })}
          action={<Button onClick={props.onClearSearch}>{t('actions.clearSearch')}</Button>}
        />
      ) : rows?.length === 0 ? (
        <EmptyState icon={<GroupsOutlined />} title={t('states.emptyTitle')} body={t('states.emptyBody')} />
      ) : null}
      {rows !== undefined && props.total > 0 && (
        <TablePagination
          component="div"
          count={props.total}
          page={props.page}
          rowsPerPage={props.rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onPageChange={(_, page) => props.onPageChange(page)}
          onRowsPerPageChange={(event) => props.onRowsPerPageChange(Number(event.target.value))}
          labelRowsPerPage={t('pagination.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('pagination.displayed', { from, to, count })}
          getItemAriaLabel={(type) => t(`pagination.${type}`)}
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            // On a phone the page size choice gives way to the page position and arrows.
            '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
              display: { xs: 'none', sm: 'inline-flex' },
            },
          }}
        />
      )}
    </>
  );
}

function SkeletonRows() {
  const { t } = useTranslation('users');
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <TableRow key={i} aria-hidden={i > 0} aria-label={i === 0 ? t('states.loading') : undefined}>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={36} height={36} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="70%" />
            <Skeleton width="45%" sx={{ display: { md: 'none' } }} />
          </Box>
        </Stack>
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.username }}>
        <Skeleton width="60%" />
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.email }}>
        <Skeleton width="80%" />
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.roles }}>
        <Skeleton variant="rounded" width={72} height={24} />
      </TableCell>
      <TableCell sx={{ display: COLUMN_DISPLAY.status }}>
        <Skeleton variant="rounded" width={64} height={24} />
      </TableCell>
      <TableCell align="right">
        <Skeleton variant="circular" width={28} height={28} sx={{ ml: 'auto' }} />
      </TableCell>
    </TableRow>
  ));
}

function EmptyState(props: {
  icon: ReactNode;
  title: string;
  body: string;
  action?: ReactNode;
  tone?: 'error' | 'neutral';
}) {
  return (
    <Stack spacing={1} role={props.tone === 'error' ? 'alert' : 'status'} sx={{ alignItems: 'center', py: 6, px: 3 }}>
      <Box
        aria-hidden
        sx={{
          color: props.tone === 'error' ? 'error.main' : 'text.secondary',
          bgcolor: 'action.hover',
          borderRadius: '50%',
          width: 56,
          height: 56,
          display: 'grid',
          placeItems: 'center',
          mb: 1,
          '& svg': { fontSize: 28 },
        }}
      >
        {props.icon}
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, textAlign: 'center' }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 420 }}>
        {props.body}
      </Typography>
      {props.action}
    </Stack>
  );
}
