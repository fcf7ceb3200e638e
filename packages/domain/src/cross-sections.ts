import { z } from 'zod';
import { idSchema } from './api.ts';
import { geoBoundsSchema } from './site-map.ts';

/**
 * Cross sections (requirements#monitoring-screens, #monitoring-entities, #monitoring-validation;
 * requirements#service-contracts; ADR 0028): a line across the dam, drawn to scale
 * in distance along it (x) and altitude (y), with its ground, dam and tailings, and the instruments
 * placed on it. Fields are snake_case on the wire.
 */

/** Defaults of requirements#monitoring-entities. */
export const CROSS_SECTION_DEFAULTS = {
  name: 'Cross Section',
  distance: 0,
  distanceUnit: 'm',
  altitudeMin: 0,
  altitudeMax: 100,
  altitudeUnit: 'm',
  topoOpacity: 1,
  tracingImage: { width: 4, height: 3, opacity: 1 },
} as const;

/** Labels on a side view: font size 11, black on white (requirements#monitoring-entities). */
export const CROSS_SECTION_LABEL_STYLE = { fontSize: 11, color: '#000000', background: '#ffffff' } as const;

/** The side view's vertical scale runs from 0 to 1000 (requirements#monitoring-constants). */
export const SIDE_VIEW_SCALE = { min: 0, max: 1000 } as const;

export const DIAGRAM_CATEGORIES = ['Ground', 'Dam', 'Tailings'] as const;
export type DiagramCategory = (typeof DIAGRAM_CATEGORIES)[number];

/** The text of a cross-section dashboard without devices (requirements#monitoring-errors). */
export const NO_CROSS_SECTION_DEVICES =
  'No devices found for this Cross Section. To add devices, go to the Cross Sections.';

const finite = z.number().finite();
export const latLngSchema = z.strictObject({ lat: finite.min(-90).max(90), lng: finite.min(-180).max(180) });
export type LatLng = z.infer<typeof latLngSchema>;

/** A point of the diagram: [distance along the section, altitude], in the section's units. */
const position = z.tuple([finite, finite]);
const ring = z.array(position).min(4).max(2000);

/** A polygon of the diagram (GeoJSON in the section's own x/y plane), named by its category. */
export const diagramFeatureSchema = z.strictObject({
  type: z.literal('Feature'),
  id: z.union([z.string().max(64), z.number()]).optional(),
  properties: z.looseObject({ category: z.enum(DIAGRAM_CATEGORIES), name: z.string().max(200).optional() }),
  geometry: z.strictObject({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(20) }),
});
export type DiagramFeature = z.infer<typeof diagramFeatureSchema>;

export const diagramSchema = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(diagramFeatureSchema).max(200),
});
export type Diagram = z.infer<typeof diagramSchema>;

export const EMPTY_DIAGRAM: Diagram = { type: 'FeatureCollection', features: [] };

/** An instrument placed on the section: which of its metrics the side view shows (requirements#monitoring-entities). */
export const crossSectionSensorSchema = z.strictObject({
  id: z.string().min(1).max(64),
  device_id: idSchema,
  title: z.string().max(200).default(''),
  location: latLngSchema.nullable().default(null),
  metric_type: z.enum(['raw_metrics', 'calculated_metrics', 'context_metrics']).default('calculated_metrics'),
  metric_field: z.string().min(1).max(64),
  exclude_metric: z.boolean().default(false),
});
export type CrossSectionSensor = z.infer<typeof crossSectionSensorSchema>;

export const crossSectionLabelSchema = z.strictObject({
  id: z.string().min(1).max(64),
  text: z.string().min(1).max(200),
  x: finite,
  y: finite,
  font_size: z.number().int().min(6).max(72).default(CROSS_SECTION_LABEL_STYLE.fontSize),
  color: z.string().max(32).default(CROSS_SECTION_LABEL_STYLE.color),
  background: z.string().max(32).default(CROSS_SECTION_LABEL_STYLE.background),
});
export type CrossSectionLabel = z.infer<typeof crossSectionLabelSchema>;

/** The drawing traced over (a media file): its opacity and its size in the section's units. */
export const tracingImageSchema = z.strictObject({
  file_id: idSchema.nullable().default(null),
  url: z.string().max(2048).nullable().default(null),
  opacity: z.number().min(0).max(1).default(CROSS_SECTION_DEFAULTS.tracingImage.opacity),
  width: z.number().positive().default(CROSS_SECTION_DEFAULTS.tracingImage.width),
  height: z.number().positive().default(CROSS_SECTION_DEFAULTS.tracingImage.height),
});
export type TracingImage = z.infer<typeof tracingImageSchema>;

/** The aerial image of the section's surroundings (a media file) over its bounds. */
export const topoImageSchema = z.strictObject({
  file_id: idSchema.nullable().default(null),
  url: z.string().max(2048).nullable().default(null),
  width: z.number().positive().nullable().default(null),
  height: z.number().positive().nullable().default(null),
  opacity: z.number().min(0).max(1).default(CROSS_SECTION_DEFAULTS.topoOpacity),
  bounds: geoBoundsSchema.nullable().default(null),
  coordinate: latLngSchema.nullable().default(null),
});
export type TopoImage = z.infer<typeof topoImageSchema>;

/** A named part of the section (a bench, a berm): from and to, as distances along it. */
export const crossSectionPartSchema = z.strictObject({
  name: z.string().min(1).max(200),
  from: finite,
  to: finite,
});

const unit = z.string().trim().min(1).max(20);

/** The fields a client writes, with the defaults of requirements#monitoring-entities. */
const writable = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(4000),
  sections: z.array(crossSectionPartSchema).max(100),
  sensors: z.array(crossSectionSensorSchema).max(500),
  altitude_min: finite,
  altitude_max: finite,
  altitude_unit: unit,
  distance: finite.min(0),
  distance_unit: unit,
  diagram: diagramSchema,
  labels: z.array(crossSectionLabelSchema).max(500),
  x0_location: latLngSchema.nullable(),
  x_max_location: latLngSchema.nullable(),
  tracing_image: tracingImageSchema.nullable(),
  topo_image: topoImageSchema.nullable(),
};

/** `POST …/cross-sections/`: every field optional, defaults as requirements#monitoring-entities says. */
export const crossSectionCreateBody = z.strictObject({
  name: writable.name.default(CROSS_SECTION_DEFAULTS.name),
  description: writable.description.default(''),
  sections: writable.sections.default([]),
  sensors: writable.sensors.default([]),
  altitude_min: writable.altitude_min.default(CROSS_SECTION_DEFAULTS.altitudeMin),
  altitude_max: writable.altitude_max.default(CROSS_SECTION_DEFAULTS.altitudeMax),
  altitude_unit: writable.altitude_unit.default(CROSS_SECTION_DEFAULTS.altitudeUnit),
  distance: writable.distance.default(CROSS_SECTION_DEFAULTS.distance),
  distance_unit: writable.distance_unit.default(CROSS_SECTION_DEFAULTS.distanceUnit),
  diagram: writable.diagram.default(EMPTY_DIAGRAM),
  labels: writable.labels.default([]),
  x0_location: writable.x0_location.default(null),
  x_max_location: writable.x_max_location.default(null),
  tracing_image: writable.tracing_image.default(null),
  topo_image: writable.topo_image.default(null),
});
export type CrossSectionCreateBody = z.input<typeof crossSectionCreateBody>;
export type CrossSectionFields = z.output<typeof crossSectionCreateBody>;

/** `PATCH …/cross-sections/{cs}`: only the fields that change. */
export const crossSectionPatchBody = z
  .strictObject(writable)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type CrossSectionPatchBody = z.infer<typeof crossSectionPatchBody>;

export const crossSectionSchema = z.object({
  id: z.string(),
  ...writable,
  created_at: z.string(),
  created_by: z.string().nullable(),
  modified_at: z.string(),
  modified_by: z.string().nullable(),
});
export type CrossSection = z.infer<typeof crossSectionSchema>;

/** One change to a section: who, when, which fields (ADR 0028). */
export const crossSectionHistoryItemSchema = z.object({
  id: z.string(),
  action: z.enum(['created', 'updated']),
  at: z.string(),
  user: z.string().nullable(),
  fields: z.array(z.string()),
});
export type CrossSectionHistoryItem = z.infer<typeof crossSectionHistoryItemSchema>;

/**
 * Why a section cannot be drawn yet (requirements#monitoring-validation), or none: distance positive, altitude min
 * below max.
 */
export function crossSectionProblems(section: {
  distance: unknown;
  altitude_min: unknown;
  altitude_max: unknown;
}): Array<'distance' | 'altitude'> {
  const problems: Array<'distance' | 'altitude'> = [];
  const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!isNumber(section.distance) || section.distance <= 0) problems.push('distance');
  if (
    !isNumber(section.altitude_min) ||
    !isNumber(section.altitude_max) ||
    section.altitude_min >= section.altitude_max
  ) {
    problems.push('altitude');
  }
  return problems;
}
