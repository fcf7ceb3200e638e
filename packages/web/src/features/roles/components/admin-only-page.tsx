import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { AdminOnlyNotice } from './admin-only-notice.tsx';
import { PageHeader } from './page-header.tsx';

/**
 * A page of this module: its header (the title and intro under the `page` key, naming the project),
 * then its editor for an Administrator, else the notice why not.
 */
export function AdminOnlyPage({ page, children }: { page: 'rolesPage' | 'permissionsPage'; children: ReactNode }) {
  const { t } = useTranslation('roles');
  const { activeRole, project } = useSession();
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', py: { xs: 0, sm: 1 } }}>
      <PageHeader title={t(`${page}.title`)} intro={t(`${page}.intro`, { project: project.name })} />
      {activeRole.name === 'Administrator' ? children : <AdminOnlyNotice />}
    </Box>
  );
}
