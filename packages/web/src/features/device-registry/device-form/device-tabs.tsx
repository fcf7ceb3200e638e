import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export const DEVICE_TABS = ['details', 'calibrations'] as const;
export type DeviceTab = (typeof DEVICE_TABS)[number];

/** The open tab of an instrument's page, kept in the address (`?tab=calibrations`) so that it can be linked to. */
export function useDeviceTab(): [DeviceTab, (tab: DeviceTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: DeviceTab = params.get('tab') === 'calibrations' ? 'calibrations' : 'details';
  return [tab, (next) => setParams(next === 'details' ? {} : { tab: next }, { replace: true })];
}

/** An instrument's page as tabs: its details, and its calibrations (issue 34). */
export function DeviceTabs({ value, onChange }: { value: DeviceTab; onChange(tab: DeviceTab): void }) {
  const { t } = useTranslation('deviceRegistry');
  return (
    <Tabs
      value={value}
      onChange={(_, next: DeviceTab) => onChange(next)}
      aria-label={t('calibrations.pageTabs')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {DEVICE_TABS.map((tab) => (
        <Tab
          key={tab}
          value={tab}
          label={t(tab === 'details' ? 'form.details' : 'calibrations.title')}
          id={`device-tab-${tab}`}
          aria-controls={`device-tabpanel-${tab}`}
        />
      ))}
    </Tabs>
  );
}

/** A tab's content; the details stay mounted while hidden, so that what is typed in them is kept. */
export function DeviceTabPanel({ tab, value, children }: { tab: DeviceTab; value: DeviceTab; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`device-tabpanel-${tab}`} aria-labelledby={`device-tab-${tab}`} hidden={tab !== value}>
      {children}
    </Box>
  );
}
