import type { QueryClient } from '@tanstack/react-query';
import { siteMapQuery } from '../../../api/ui.ts';
import { moduleLoader } from '../../../components/lazy/module-loader.ts';
import { preloadVigilMap } from '../../../components/map/lazy-vigil-map.tsx';

/**
 * The state map card's chunk. Asking for it asks for the map's chunk (Leaflet, markercluster) at the
 * same moment: the map is what the card waits for, and it should not wait for the card's code first.
 */
export const stateMapCardChunk = moduleLoader(() => {
  preloadVigilMap();
  return import('./state-map-card.tsx');
});

/**
 * Starts what a page's state map card waits for beyond the devices and groups every card reads: the
 * card's and the map's code, and the project's site map. For a route loader that knows the page has
 * one, so that none of it waits for the page to render.
 */
export function preloadStateMap(queryClient: QueryClient, projectId: string) {
  stateMapCardChunk.preload();
  void queryClient.prefetchQuery(siteMapQuery(projectId));
}
