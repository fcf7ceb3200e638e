import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { ReportsList } from './reports/reports-list.tsx';
import { TemplatesList } from './templates/templates-list.tsx';

const TABS = ['reports', 'templates'] as const;
type TabName = (typeof TABS)[number];

/** `/reports`: the reports made for the project, with their review, and the templates they are made from. */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const { project } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: TabName = params.get('tab') === 'templates' ? 'templates' : 'reports';
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
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
              id={`reports-tab-${name}`}
              aria-controls={`reports-panel-${name}`}
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
          <TabPanel name={tab}>{tab === 'reports' ? <ReportsList /> : <TemplatesList />}</TabPanel>
        </Box>
      </Paper>
    </Box>
  );
}

function TabPanel({ name, children }: { name: TabName; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`reports-panel-${name}`} aria-labelledby={`reports-tab-${name}`}>
      {children}
    </div>
  );
}
