import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { ImportsTable } from './history/imports-table.tsx';
import { ImportPanel } from './import/import-panel.tsx';
import { ProfilesList } from './profiles/profiles-list.tsx';

const TABS = ['import', 'profiles', 'history'] as const;
type TabName = (typeof TABS)[number];

/** `/data-import`: logger files brought in with a profile, the profiles, and the imports made before. */
export function DataImportPage() {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'import';
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('intro', { project: project.name })}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => setParams({ tab: value }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`tabs.${name}`)}
              id={`data-import-tab-${name}`}
              aria-controls={`data-import-panel-${name}`}
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          {/* Kept while other tabs show: the files sent go on being followed. */}
          <TabPanel name="import" hidden={tab !== 'import'}>
            <ImportPanel />
          </TabPanel>
          {tab === 'profiles' && (
            <TabPanel name="profiles">
              <ProfilesList />
            </TabPanel>
          )}
          {tab === 'history' && (
            <TabPanel name="history">
              <ImportsTable />
            </TabPanel>
          )}
        </Box>
      </Paper>
    </Box>
  );
}

function TabPanel({ name, hidden, children }: { name: TabName; hidden?: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`data-import-panel-${name}`} aria-labelledby={`data-import-tab-${name}`} hidden={hidden}>
      {children}
    </div>
  );
}
