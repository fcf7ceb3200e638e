import { Skeleton } from '@mui/material';
import type { DashboardCard } from '@vigil/domain';
import { stateMapCardChunk } from './state-map-preload.ts';

type Card = Extract<DashboardCard, { type: 'state-map' }>;

/**
 * The state map card, its chunk loaded on first use without Suspense (ADR 0030, ADR 0047): React
 * holds a revealed Suspense boundary back up to 300 ms after the page's last fallback, and the map
 * should start as soon as its code and data are in.
 */
export function LazyStateMapCard({ card }: { card: Card }) {
  const chunk = stateMapCardChunk.useModule();
  if (!chunk) return <Skeleton variant="rounded" height="100%" sx={{ minHeight: 120 }} />;
  return <chunk.StateMapCard card={card} />;
}
