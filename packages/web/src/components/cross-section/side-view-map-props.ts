import type { CrossSection } from '@vigil/domain';
import type { LevelEnvelope } from './level-history.ts';
import type { SensorLevel } from './sensor-levels.ts';
import type { LayerSet, ToggleSet } from './side-view-options.ts';

/** What the side view draws and what it reports back; shared by the map and its layers. */
export interface SideViewMapProps {
  section: CrossSection;
  exaggeration: number;
  /** the sensors as shown: now, or the day the time slider is on */
  levels: SensorLevel[];
  envelope: LevelEnvelope;
  history: Array<{ day: number; points: Array<[number, number]> }>;
  layers: LayerSet;
  toggles: ToggleSet;
  /** the diagram polygon the editor is working on, outlined */
  highlight?: number | null;
  onSensorClick?: (deviceId: string) => void;
  /** a click on the plane, as distance along the section and altitude (the editor adds a vertex) */
  onPlaneClick?: (x: number, altitude: number) => void;
}
