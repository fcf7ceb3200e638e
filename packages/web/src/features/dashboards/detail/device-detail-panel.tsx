import CloseIcon from '@mui/icons-material/Close';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { Alert, Box, Button, Drawer, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import type { DashboardEntityRef, StateType } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceProfileQuery } from '../../../api/registry.ts';
import { DeviceBadges } from '../cards/device-badges.tsx';
import { DeviceStates } from '../entity/device-states.tsx';
import { entityDashboardPath, metricsPath } from '../model/dashboard-paths.ts';

export type OpenDevice = DashboardEntityRef & { title: string };

/**
 * The device detail panel (requirements#monitoring-screens), opened from chart and state cards: the device's states at
 * a
 * glance and the way to its chart dashboard and its entity dashboard.
 */
export function DeviceDetailPanel({
  device,
  stateType,
  onClose,
}: {
  device: OpenDevice | null;
  stateType: StateType;
  onClose(): void;
}) {
  const { t } = useTranslation('dashboards');
  const navigate = useNavigate();
  const profile = useQuery({
    ...deviceProfileQuery(device?.entity_type ?? 'instrument', device?.id ?? ''),
    enabled: Boolean(device),
  });
  const data = profile.data;
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Drawer
      anchor="right"
      open={Boolean(device)}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      {device && (
        <Box
          role="region"
          aria-label={t('detail.label', { title: device.title })}
          sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                {data?.title ?? device.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`entityTypes.${device.entity_type}`)}
                {data?.scheme ? ` · ${data.scheme.name}` : ''}
              </Typography>
            </Box>
            <IconButton aria-label={t('actions.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="contained"
              startIcon={<ShowChartIcon />}
              onClick={() => go(metricsPath(stateType, device))}
            >
              {t('detail.showChartDashboard')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DashboardOutlined />}
              onClick={() => go(entityDashboardPath(stateType, device))}
            >
              {t('detail.showEntityDashboard')}
            </Button>
          </Stack>
          {profile.isPending && <LinearProgress aria-label={t('card.loading')} />}
          {profile.isError && <Alert severity="error">{t('card.loadError')}</Alert>}
          {data && (
            <>
              <Typography variant="body2">
                {t('details.eid')}: <strong>{data.eid}</strong>
              </Typography>
              <DeviceBadges device={data} />
              <DeviceStates device={data} />
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
}
