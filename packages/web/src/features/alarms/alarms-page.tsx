import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlarmDetailDialog } from './alarm-detail-dialog.tsx';
import { AlarmList } from './alarm-list.tsx';
import { AlarmReportView } from './alarm-report-view.tsx';
import { CallOutView } from './call-out/call-out-view.tsx';
import { TarpLevelsView } from './tarp-levels-view.tsx';

const TABS = ['alarms', 'report', 'tarp', 'call-out'] as const;
type AlarmTab = (typeof TABS)[number];

/**
 * /alarms (issue 20): what operators must act on, most urgent first; the alarm system's own
 * performance against ISA-18.2; the project's TARP levels; and its call-out (rosters and escalation
 * policies). `?alarm=` opens one alarm.
 */
export function AlarmsPage() {
  const { t } = useTranslation('alarms');
  const [params, setParams] = useSearchParams();
  const tab: AlarmTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as AlarmTab)
    : 'alarms';
  const alarmId = params.get('alarm');
  const setParam = (key: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });

  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('page.intro')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: AlarmTab) => setParam('tab', value === 'alarms' ? null : value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`tabs.${value}`)} />
        ))}
      </Tabs>
      {tab === 'alarms' && <AlarmList onOpen={(id) => setParam('alarm', id)} />}
      {tab === 'report' && <AlarmReportView onOpen={(id) => setParam('alarm', id)} />}
      {tab === 'tarp' && <TarpLevelsView />}
      {tab === 'call-out' && <CallOutView onOpenAlarm={(id) => setParam('alarm', id)} />}
      <AlarmDetailDialog alarmId={alarmId} onClose={() => setParam('alarm', null)} />
    </Box>
  );
}
