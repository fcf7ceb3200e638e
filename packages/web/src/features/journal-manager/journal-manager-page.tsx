import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JournalsView } from './journals/journals-view.tsx';
import { SessionsView } from './sessions/sessions-view.tsx';

const TABS = ['journals', 'dataSessions'] as const;
type JournalTab = (typeof TABS)[number];

/**
 * /journal-manager (requirements#monitoring-screens, issue 22): the project's journals and their entries;
 * `?tab=dataSessions`
 * (the menu's "Sessions") lists the data sessions of manual readings. Tab, journal, filters and the
 * session open live in the address.
 */
export function JournalManagerPage() {
  const { t } = useTranslation('journal');
  const [params, setParams] = useSearchParams();
  const tab: JournalTab = params.get('tab') === 'dataSessions' ? 'dataSessions' : 'journals';
  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t(`page.${tab}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t(`page.${tab}.intro`)}
      </Typography>
      <Tabs
        value={tab}
        // each tab starts afresh: a journal's filters mean nothing to the sessions, nor the reverse
        onChange={(_, value: JournalTab) => setParams(value === 'journals' ? {} : { tab: value })}
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`tabs.${value}`)} />
        ))}
      </Tabs>
      {tab === 'journals' ? <JournalsView /> : <SessionsView />}
    </Box>
  );
}
