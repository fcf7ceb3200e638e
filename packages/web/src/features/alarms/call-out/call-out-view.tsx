import { Alert, Divider, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PoliciesPanel } from './policies-panel.tsx';
import { RostersPanel } from './rosters-panel.tsx';
import { useCallOutPeople } from './use-call-out-people.ts';

/**
 * The alarms page's call-out tab (issue 38): who is on call, and whom each TARP level's alarms reach,
 * how and when, until someone acknowledges. Administrators and managers edit; others read.
 */
export function CallOutView({ onOpenAlarm }: { onOpenAlarm(id: string): void }) {
  const { t } = useTranslation('alarms');
  const { editor } = useCallOutPeople();
  return (
    <Stack spacing={3} divider={<Divider />}>
      {!editor && <Alert severity="info">{t('callOut.readOnly')}</Alert>}
      <RostersPanel />
      <PoliciesPanel onOpenAlarm={onOpenAlarm} />
    </Stack>
  );
}
