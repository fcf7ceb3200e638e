import type { ComponentProps } from 'react';
import { moduleLoader } from '../lazy/module-loader.ts';
import type { DeviceSearchControl } from './device-search-control.tsx';

/** The device search (MUI's Autocomplete) is a chunk of its own: the first view of a map does without it. */
const deviceSearchChunk = moduleLoader(() => import('./device-search-control.tsx'));

export function LazyDeviceSearch(props: ComponentProps<typeof DeviceSearchControl>) {
  const chunk = deviceSearchChunk.useModule();
  return chunk && <chunk.DeviceSearchControl {...props} />;
}
