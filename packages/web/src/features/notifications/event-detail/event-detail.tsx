import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LevelIcon } from '../components/level-icon.tsx';
import { AlarmPanel } from '../../../components/alarms/alarm-panel.tsx';
import { DisplayTime } from '../../../components/dates/display-time.tsx';
import { metricsDrillDownPath } from '../model/alert-window.ts';
import { notificationTitle } from '../model/notification-title.ts';
import { EventBody } from './bodies/event-body.tsx';
import { EntityBlock } from './entity-block.tsx';
import { ViewedByButton } from './viewed-by-button.tsx';

interface EventDetailProps {
  notification: NotificationObject;
  titleId: string;
  onNavigate(): void;
  /** the Close button, placed by the dialog or the page */
  actions?: ReactNode;
}

/**
 * The event detail (requirements#monitoring-screens): title, date, who viewed it, the entity block and the body of its
 * type.
 */
export function EventDetail({ notification, titleId, onNavigate, actions }: EventDetailProps) {
  const { t } = useTranslation('notifications');
  const metricsPath = metricsDrillDownPath(notification);
  const alarmId = notification.extra.alarm?.id;
  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <LevelIcon level={notification.level} sx={{ mt: 0.5 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {notificationTitle(t, notification)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {t(`types.${notification.notification_type.name}`, { defaultValue: notification.notification_type.name })}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
            <DisplayTime iso={notification.created_at} variant="body2" />
            <ViewedByButton notificationId={notification.id} />
          </Stack>
        </Box>
        {actions}
      </Stack>
      <Divider sx={{ my: 2 }} />
      {alarmId && (
        <Box sx={{ mb: 2 }}>
          <AlarmPanel alarmId={alarmId} onNavigate={onNavigate} />
        </Box>
      )}
      <Box component="section" aria-label={t('detail.entitySection')}>
        <EntityBlock notification={notification} onNavigate={onNavigate} />
        {metricsPath && (
          <Button
            component={RouterLink}
            to={metricsPath}
            onClick={onNavigate}
            variant="outlined"
            size="small"
            startIcon={<ShowChartOutlined />}
            sx={{ mt: 1.5 }}
          >
            {t('detail.openInMetrics')}
          </Button>
        )}
      </Box>
      <EventBody notification={notification} />
    </Box>
  );
}
