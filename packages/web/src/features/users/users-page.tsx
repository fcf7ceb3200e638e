import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { User } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { ExportDialog } from '../../components/export-dialog/export-dialog.tsx';
import { ConfirmAccountDialog, type ConfirmedAction } from './confirm-account-dialog.tsx';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteLinkDialog, type SentInvitation } from './invite-link-dialog.tsx';
import { useAccountAction, type AccountAction, type CreateResult } from './use-user-mutations.ts';
import { useUsersData } from './use-users-data.ts';
import { UsersTable } from './users-table.tsx';
import { UsersToolbar } from './users-toolbar.tsx';
import { usersExport } from './users-export.ts';
import {
  DEFAULT_SORTING,
  displayNameOf,
  nextSorting,
  pageOf,
  searchUsers,
  sortUsers,
  type Sorting,
} from './users-table-model.ts';

/** /users (module UserManagement): the project's users, and what the signed-in role may do with them. */
export function UsersPage() {
  const { t, i18n } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const { user: me, project } = useSession();
  const { users, restrictionOf } = useUsersData();
  const accountAction = useAccountAction();

  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<Sorting>(DEFAULT_SORTING);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [confirming, setConfirming] = useState<{ action: ConfirmedAction; user: User } | null>(null);
  const [invitation, setInvitation] = useState<SentInvitation | null>(null);
  const [exporting, setExporting] = useState(false);

  const found = useMemo(
    () => users.data && sortUsers(searchUsers(users.data, search), sorting, i18n.resolvedLanguage),
    [users.data, search, sorting, i18n.resolvedLanguage],
  );
  const shown = found && pageOf(found, page, rowsPerPage);

  function runAction(action: AccountAction, user: User) {
    accountAction.mutate(
      { action, user },
      {
        onSuccess: (result) => {
          if (result) setInvitation({ user, link: result.invite_link });
        },
        onSettled: () => setConfirming(null),
      },
    );
  }

  function onAccountAction(action: AccountAction, user: User) {
    if (action === 'deactivate' || action === 'delete') setConfirming({ action, user });
    else runAction(action, user);
  }

  function onCreated({ user, invite, inviteFailed }: CreateResult) {
    const name = displayNameOf(user);
    enqueueSnackbar(t('create.created', { name }), { variant: 'success' });
    if (invite) setInvitation({ user, link: invite.invite_link, created: true });
    if (inviteFailed) enqueueSnackbar(t('create.inviteFailed', { name }), { variant: 'warning' });
  }

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 }, maxWidth: 1280, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('intro', { project: project.name })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flex: 'none', '& > *': { flex: { xs: 1, sm: 'none' } } }}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={!found?.length}
            onClick={() => setExporting(true)}
          >
            {t('actions.export')}
          </Button>
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setCreating(true)}>
            {t('actions.create')}
          </Button>
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <UsersToolbar
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(0);
          }}
          users={users.data}
          found={found?.length}
        />
        <UsersTable
          rows={shown?.rows}
          error={users.error}
          onRetry={() => void users.refetch()}
          total={found?.length ?? 0}
          search={search}
          onClearSearch={() => setSearch('')}
          sorting={sorting}
          onSort={(column) => setSorting((current) => nextSorting(current, column))}
          page={shown?.page ?? 0}
          rowsPerPage={rowsPerPage}
          onPageChange={setPage}
          onRowsPerPageChange={(rows) => {
            setRowsPerPage(rows);
            setPage(0);
          }}
          currentUserId={me.id}
          restrictionOf={restrictionOf}
          onEdit={setEditing}
          onAccountAction={onAccountAction}
        />
      </Paper>

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onCreated={onCreated} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmAccountDialog
        request={confirming}
        busy={accountAction.isPending}
        onConfirm={runAction}
        onClose={() => setConfirming(null)}
      />
      <InviteLinkDialog invitation={invitation} onClose={() => setInvitation(null)} />
      {found && (
        <ExportDialog
          open={exporting}
          onClose={() => setExporting(false)}
          settings={usersExport(t, found, { projectName: project.name, search })}
        />
      )}
    </Box>
  );
}
