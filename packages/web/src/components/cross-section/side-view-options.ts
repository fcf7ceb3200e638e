import { LIMIT_LINE_COLOURS, type DiagramCategory } from '@vigil/domain';
import type { SensorLevel } from './sensor-levels.ts';

/** The side-section's layers (requirements#monitoring-screens), in the order they are drawn, bottom first. */
export const SIDE_VIEW_LAYERS = [
  'tracingImage',
  'diagram',
  'historicalLevels',
  'minMaxLevels',
  'limitLevels',
  'levels',
  'labels',
] as const;
export type SideViewLayer = (typeof SIDE_VIEW_LAYERS)[number];

/** The side-section's toggles (requirements#monitoring-screens), exactly these. */
export const SIDE_VIEW_TOGGLES = ['simpleIcons', 'displayNames', 'displayCurrentMetric', 'displayGrid'] as const;
export type SideViewToggle = (typeof SIDE_VIEW_TOGGLES)[number];

export type LayerSet = Record<SideViewLayer, boolean>;
export type ToggleSet = Record<SideViewToggle, boolean>;

/** Every layer shows at first but the history of each day, which a period of months turns into a thicket. */
export const DEFAULT_LAYERS: LayerSet = {
  tracingImage: true,
  diagram: true,
  historicalLevels: false,
  minMaxLevels: true,
  limitLevels: true,
  levels: true,
  labels: true,
};

export const DEFAULT_TOGGLES: ToggleSet = {
  simpleIcons: false,
  displayNames: false,
  displayCurrentMetric: true,
  displayGrid: true,
};

/** The fill of each material of the diagram: earth tones a geotechnical drawing uses. */
export const DIAGRAM_PAINT: Record<DiagramCategory, { fill: string; stroke: string }> = {
  Ground: { fill: '#8d7b68', stroke: '#5d4f40' },
  Dam: { fill: '#d2b48c', stroke: '#8a6d45' },
  Tailings: { fill: '#a8a39b', stroke: '#6e6a63' },
};

/** The water: the phreatic surface and the levels on it; its history paler. */
export const WATER = { line: '#0d47a1', history: '#64b5f6', envelope: '#90caf9' } as const;

/** How a sensor looks: the water's blue, grey when stale, the invalid blue when refused, hollow when dry. */
export function sensorPaint(level: Pick<SensorLevel, 'dry' | 'stale' | 'invalid' | 'value'>) {
  if (level.invalid) return { fill: LIMIT_LINE_COLOURS.invalid, stroke: '#1a3f6b', hollow: false };
  if (level.value === null) return { fill: '#ffffff', stroke: '#757575', hollow: true };
  if (level.dry) return { fill: '#ffffff', stroke: '#6d4c41', hollow: true };
  if (level.stale) return { fill: '#9e9e9e', stroke: '#424242', hollow: false };
  return { fill: WATER.line, stroke: '#ffffff', hollow: false };
}
