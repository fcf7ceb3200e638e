import { Skeleton } from '@mui/material';
import type { DashboardCard as Card } from '@vigil/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { ChartCard } from './chart-card.tsx';
import { DeviceStateCard } from './device-state-card.tsx';
import { DeviceTableCard } from './device-table-card.tsx';
import { GaugeCard } from './gauge-card.tsx';
import { LazyStateMapCard } from './lazy-state-map-card.tsx';
import { StateSummaryCard } from './state-summary-card.tsx';

// The analysis cards are chunks of their own: most pages have none, and a page of state cards and
// charts should not wait for their code.
const AggregationTableCard = lazy(async () => ({
  default: (await import('./aggregation-table-card.tsx')).AggregationTableCard,
}));
const HeatmapCard = lazy(async () => ({ default: (await import('./heatmap-card.tsx')).HeatmapCard }));
const InclinometerProfileCard = lazy(async () => ({
  default: (await import('./inclinometer-profile-card.tsx')).InclinometerProfileCard,
}));
const RateOfChangeCard = lazy(async () => ({ default: (await import('./rate-of-change-card.tsx')).RateOfChangeCard }));
const CrossSectionCard = lazy(async () => ({ default: (await import('./cross-section-card.tsx')).CrossSectionCard }));
const CrossSectionsMapCard = lazy(async () => ({
  default: (await import('./cross-sections-map-card.tsx')).CrossSectionsMapCard,
}));
const WeatherCard = lazy(async () => ({ default: (await import('./weather-card.tsx')).WeatherCard }));

const loading = (card: ReactNode) => (
  <Suspense fallback={<Skeleton variant="rounded" height="100%" sx={{ minHeight: 120 }} />}>{card}</Suspense>
);

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
      return loading(<InclinometerProfileCard card={card} />);
    case 'aggregation-table':
      return loading(<AggregationTableCard card={card} />);
    case 'heatmap':
      return loading(<HeatmapCard card={card} />);
    case 'rate-of-change':
      return loading(<RateOfChangeCard card={card} />);
    case 'state-map':
      // Leaflet loads only on pages with a map.
      return <LazyStateMapCard card={card} />;
    case 'cross-section':
      return loading(<CrossSectionCard card={card} />);
    case 'cross-sections-map':
      return loading(<CrossSectionsMapCard card={card} />);
    case 'weather':
      return loading(<WeatherCard card={card} />);
  }
}
