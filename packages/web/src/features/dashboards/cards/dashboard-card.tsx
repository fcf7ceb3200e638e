import type { DashboardCard as Card } from '@vigil/domain';
import { AggregationTableCard } from './aggregation-table-card.tsx';
import { ChartCard } from './chart-card.tsx';
import { DeviceStateCard } from './device-state-card.tsx';
import { DeviceTableCard } from './device-table-card.tsx';
import { GaugeCard } from './gauge-card.tsx';
import { HeatmapCard } from './heatmap-card.tsx';
import { InclinometerProfileCard } from './inclinometer-profile-card.tsx';
import { RateOfChangeCard } from './rate-of-change-card.tsx';
import { StateSummaryCard } from './state-summary-card.tsx';

/** A card of any type. */
export function DashboardCard({ card }: { card: Card }) {
  switch (card.type) {
    case 'device-state':
      return <DeviceStateCard card={card} />;
    case 'state-summary':
      return <StateSummaryCard card={card} />;
    case 'chart':
      return <ChartCard card={card} />;
    case 'gauge':
      return <GaugeCard card={card} />;
    case 'device-table':
      return <DeviceTableCard card={card} />;
    case 'inclinometer-profile':
      return <InclinometerProfileCard card={card} />;
    case 'aggregation-table':
      return <AggregationTableCard card={card} />;
    case 'heatmap':
      return <HeatmapCard card={card} />;
    case 'rate-of-change':
      return <RateOfChangeCard card={card} />;
  }
}
