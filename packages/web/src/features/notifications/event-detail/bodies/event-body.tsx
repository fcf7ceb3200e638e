import { Box, Divider } from '@mui/material';
import type { NotificationType } from '@vigil/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AbnormalityBody } from './abnormality-body.tsx';
import { AdvancedIndicatorBody } from './advanced-indicator-body.tsx';
import type { BodyProps } from './body-props.ts';
import { ConnectivityBody } from './connectivity-body.tsx';
import { DataQualityBody } from './data-quality-body.tsx';
import { HealthBody } from './health-body.tsx';
import { MetricChartBody } from './metric-chart-body.tsx';
import { InvalidPayloadBody, UnknownPayloadBody } from './payload-bodies.tsx';
import { StateRuleBody } from './state-rule-body.tsx';
import { TrendBody } from './trend-body.tsx';

const InvalidChartBody = (props: BodyProps) => <MetricChartBody {...props} kind="invalid" />;
const LimitsChartBody = (props: BodyProps) => <MetricChartBody {...props} kind="levels" />;

/**
 * The body of each event type as requirements#monitoring-screens lists them; any other type shows the entity block
 * alone.
 */
const BODIES: Partial<Record<NotificationType, ComponentType<BodyProps>>> = {
  safety_state_changed: StateRuleBody,
  operational_state_changed: StateRuleBody,
  trend_state_changed: TrendBody,
  trend_state_trending: TrendBody,
  abnormality_state_changed: AbnormalityBody,
  abnormality_state_out_of_control: AbnormalityBody,
  unknown_payload_received: UnknownPayloadBody,
  metric_quality_state_changed: InvalidChartBody,
  invalid_metric_received: InvalidChartBody,
  metric_limit_reached: LimitsChartBody,
  metric_limits_state_changed: LimitsChartBody,
  health_state_changed: HealthBody,
  invalid_payload_received: InvalidPayloadBody,
  connectivity_state_changed: ConnectivityBody,
  data_quality_issues_state_changed: DataQualityBody,
  advanced_indicator_state_changed: AdvancedIndicatorBody,
};

/** The body of the notification's type below a divider, or nothing for a type without one. */
export function EventBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const Body = BODIES[notification.notification_type.name];
  if (!Body) return null;
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Box component="section" aria-label={t('detail.bodySection')}>
        <Body notification={notification} />
      </Box>
    </>
  );
}
