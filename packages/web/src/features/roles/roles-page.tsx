import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { Box, Paper, Skeleton, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { allModulesQuery } from './api/modules-api.ts';
import { projectRolesQuery } from '../../api/ui.ts';
import { AdminOnlyPage } from './components/admin-only-page.tsx';
import { EmptyState, LoadError, LoadingRows } from './components/load-states.tsx';
import { RoleDetails } from './role-details.tsx';
import { RoleList } from './role-list.tsx';

const LAYOUT = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' } } as const;

/** /roles: the roles of the current project; the chosen one (kept in the address) is edited beside the list. */
export function RolesPage() {
  return (
    <AdminOnlyPage page="rolesPage">
      <RolesEditor />
    </AdminOnlyPage>
  );
}

function RolesEditor() {
  const { t } = useTranslation('roles');
  const { project } = useSession();
  const roles = useQuery(projectRolesQuery(project.id));
  const modules = useQuery(allModulesQuery(project.id));
  const [params, setParams] = useSearchParams();

  if (roles.isPending) {
    return (
      <Box sx={LAYOUT}>
        <Paper variant="outlined" sx={{ p: 2, alignSelf: 'start' }}>
          <LoadingRows rows={3} label={t('list.loading')} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Skeleton variant="text" width="30%" height={36} />
            <Skeleton variant="rounded" height={180} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        </Paper>
      </Box>
    );
  }
  if (roles.isError) {
    return <LoadError title={t('list.loadError')} error={roles.error} onRetry={() => void roles.refetch()} />;
  }
  if (roles.data.length === 0) {
    return (
      <EmptyState
        icon={<BadgeOutlined />}
        title={t('list.emptyTitle')}
        body={t('list.emptyBody', { project: project.name })}
      />
    );
  }
  const selected = roles.data.find((r) => r.id === params.get('role')) ?? roles.data[0]!;
  return (
    <Box sx={LAYOUT}>
      <RoleList
        roles={roles.data}
        modules={modules.data}
        selectedId={selected.id}
        onSelect={(roleId) => setParams({ role: roleId }, { replace: true })}
      />
      <RoleDetails role={selected} roles={roles.data} modules={modules} />
    </Box>
  );
}
