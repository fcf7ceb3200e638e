import AppsOutlined from '@mui/icons-material/AppsOutlined';
import GroupWorkOutlined from '@mui/icons-material/GroupWorkOutlined';
import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { projectFeaturesQuery } from './api/features-api.ts';
import { allModulesQuery } from './api/modules-api.ts';
import { projectRolesQuery } from '../../api/ui.ts';
import { permissionGroupsQuery } from './api/roles-api.ts';
import { AdminOnlyPage } from './components/admin-only-page.tsx';
import { EmptyState, LoadError, LoadingRows } from './components/load-states.tsx';
import { Section } from './components/section.tsx';
import { FeatureGrants } from './feature-grants.tsx';
import { ModuleAccessMatrix } from './module-access-matrix.tsx';
import { PermissionGroupMatrix } from './permission-group-matrix.tsx';

const TABS = ['modules', 'groups', 'features'] as const;
type PermissionsTab = (typeof TABS)[number];

/** /permissions: who opens which module, which groups each role grants, and who holds role-scoped features. */
export function PermissionsPage() {
  return (
    <AdminOnlyPage page="permissionsPage">
      <PermissionsEditor />
    </AdminOnlyPage>
  );
}

function PermissionsEditor() {
  const { t } = useTranslation('roles');
  const { project } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: PermissionsTab = TABS.find((name) => name === params.get('tab')) ?? 'modules';
  const roles = useQuery(projectRolesQuery(project.id));
  const modules = useQuery(allModulesQuery(project.id));
  const groups = useQuery(permissionGroupsQuery());
  const features = useQuery({ ...projectFeaturesQuery(project.id), enabled: tab === 'features' });

  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_, value: PermissionsTab) => setParams({ tab: value }, { replace: true })}
        aria-label={t('permissionsPage.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 } }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`permissionsPage.tab.${name}`)}
            id={`permissions-tab-${name}`}
            aria-controls={`permissions-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`permissions-panel-${tab}`} aria-labelledby={`permissions-tab-${tab}`}>
        {tab === 'modules' && (
          <Section title={t('access.title')} description={t('access.description')}>
            <Loaded queries={[roles, modules]} loading={t('modules.loading')} failed={t('modules.loadError')}>
              {() =>
                modules.data!.length === 0 ? (
                  <EmptyState icon={<AppsOutlined />} title={t('modules.emptyTitle')} body={t('modules.emptyBody')} />
                ) : (
                  <ModuleAccessMatrix roles={roles.data!} modules={modules.data!} />
                )
              }
            </Loaded>
          </Section>
        )}
        {tab === 'groups' && (
          <Section title={t('groupMatrix.title')} description={t('groupMatrix.description')}>
            <Loaded queries={[roles, groups]} loading={t('groups.loading')} failed={t('groups.loadError')}>
              {() =>
                groups.data!.length === 0 ? (
                  <EmptyState
                    icon={<GroupWorkOutlined />}
                    title={t('groups.emptyTitle')}
                    body={t('groups.emptyBody')}
                  />
                ) : (
                  <PermissionGroupMatrix roles={roles.data!} groups={groups.data!} />
                )
              }
            </Loaded>
          </Section>
        )}
        {tab === 'features' && (
          <Section title={t('features.title')} description={t('features.description')}>
            <Loaded
              queries={[roles, modules, features]}
              loading={t('features.loading')}
              failed={t('features.loadError')}
            >
              {() => <FeatureGrants features={features.data!} modules={modules.data!} roles={roles.data!} />}
            </Loaded>
          </Section>
        )}
      </Box>
    </Paper>
  );
}

/** Its content once every query has data; placeholders while any loads; the first failure with a retry. */
function Loaded({
  queries,
  loading,
  failed,
  children,
}: {
  queries: UseQueryResult[];
  loading: string;
  failed: string;
  children: () => ReactNode;
}) {
  const failure = queries.find((q) => q.isError);
  if (failure) return <LoadError title={failed} error={failure.error} onRetry={() => void failure.refetch()} />;
  if (queries.some((q) => q.isPending)) return <LoadingRows rows={6} label={loading} />;
  return children();
}
