import { CERRO_AZUL } from './cerro-azul-devices.ts';
import type { DemoDeviceSite } from './device-types.ts';
import { OUSE_EMBANKMENT } from './ouse-devices.ts';

/**
 * The demo site's devices (requirements#domain-model): schemes, instruments, interface nodes, virtual devices, groups
 * and data points of both projects. The history generator reads the same data (cadence, baselines,
 * noise) so that the readings it makes fit the devices that are seeded.
 */

export type {
  DemoCalibration,
  DemoDataPoint,
  DemoDevice,
  DemoDeviceSite,
  DemoGroup,
  DemoRule,
  DemoScheme,
  SensorOutput,
} from './device-types.ts';
export { CERRO_CREST, CERRO_PROFILE, CERRO_SECTIONS, cerroAt } from './cerro-azul-devices.ts';
export { OUSE_CREST, OUSE_PROFILE, OUSE_REACHES, ouseAt } from './ouse-devices.ts';

/** Devices of each demo project, by project slug (see DEMO_PROJECTS in site.ts). */
export const DEMO_DEVICE_SITES: Record<string, DemoDeviceSite> = {
  'cerro-azul': CERRO_AZUL,
  'ouse-embankment': OUSE_EMBANKMENT,
};
