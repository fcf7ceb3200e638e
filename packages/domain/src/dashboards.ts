import { z } from 'zod';
import { idSchema } from './api.ts';
import {
  AGGREGATE_INTERVALS,
  INTERPOLATION_METHOD_REQUIRED,
  INTERPOLATION_METHODS,
  metricName,
  RATE_OF_CHANGE_DAYS,
  RATE_OF_CHANGE_RESULTS,
  TIMESERIES_GROUP_BY,
} from './metrics.ts';
import { ENTITY_TYPES } from './schemes.ts';
import { CARD_PRESETS, GRID_COLUMNS, parentPath, ROOT_PAGE, type CardLayout } from './dashboard-pages.ts';
import { ENTITY_SEGMENT } from './states.ts';
import { MAP_ZOOM } from './map-constants.ts';
import { DEFAULT_CARD_PRESET, TIME_PRESETS } from './time-presets.ts';
import { WEATHER_UNITS } from './weather.ts';

/**
 * State dashboards as data (ADR 0020): per project and state type, a tree of pages, each a grid of
 * cards 16 columns wide (requirements#shell-constants, requirements#monitoring-constants). The tree is the `data` of
 * the project's
 * safety-state or operational-state module.
 */

const MAX_PAGES = 200;
const MAX_CARDS = 60;
const MAX_DEPTH = 6;

const cardLayout: z.ZodType<CardLayout> = z
  .strictObject({
    x: z
      .number()
      .int()
      .min(0)
      .max(GRID_COLUMNS - 1),
    y: z.number().int().min(0).max(10_000),
    w: z.number().int().min(1).max(GRID_COLUMNS),
    h: z.number().int().min(1).max(12),
  })
  .refine((l) => l.x + l.w <= GRID_COLUMNS, { message: `A card ends within the ${GRID_COLUMNS} columns` });

const entityType = z.enum(ENTITY_TYPES);
const entityRef = z.strictObject({ id: idSchema, entity_type: entityType });
export type DashboardEntityRef = z.infer<typeof entityRef>;

/** A device, or a device group taken as one (its most urgent member). */
const stateTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('entity'), id: idSchema, entity_type: entityType }),
  z.strictObject({ kind: z.literal('group'), id: idSchema }),
]);
export type StateTarget = z.infer<typeof stateTarget>;

/** The series one chart holds: more lines than this are not told apart. */
export const MAX_CHART_SERIES = 10;

export const chartSeriesSchema = z.strictObject({
  entity_id: idSchema,
  entity_type: entityType,
  /** `group.key`, e.g. `calculated_metrics.piezometric_level` */
  metric: metricName,
  data_point_id: idSchema.nullable().default(null),
  /** how readings within a bucket combine (default avg): rainfall is summed, levels averaged */
  function: z.enum(['avg', 'min', 'max', 'sum']).optional(),
  /** bars for amounts per period such as rainfall; lines (the default) for everything else */
  style: z.enum(['line', 'bars']).optional(),
});
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

const common = {
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** empty: the card names itself from what it shows */
  title: z.string().trim().max(200).default(''),
  layout: cardLayout,
};
/** Bubble heatmap defaults of requirements#monitoring-screens: size 8, five colours (low to high). */
export const BUBBLE_HEATMAP_SIZE = 8;
export const HEATMAP_COLOURS = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] as const;
/** Rate-of-change window of requirements#monitoring-calls: 7 days unless chosen. */
export const DEFAULT_RATE_OF_CHANGE_DAYS = 7;
/** What an aggregation table can compute per window (requirements#monitoring-calls). */
export const AGGREGATION_TABLE_FUNCTIONS = ['avg', 'min', 'max', 'sum', 'count'] as const;

/** null: every device of the project */
const groupId = idSchema.nullable().default(null);

/**
 * The two forms of a cross section's map card (requirements#monitoring-screens): the side-section with its grid, or the
 * aerial view.
 */
export const CROSS_SECTION_VIEWS = ['side', 'aerial'] as const;
export type CrossSectionView = (typeof CROSS_SECTION_VIEWS)[number];

export const dashboardCardSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...common, type: z.literal('device-state'), target: stateTarget }),
  z.strictObject({ ...common, type: z.literal('state-summary'), group_id: groupId }),
  z.strictObject({
    ...common,
    type: z.literal('chart'),
    series: z.array(chartSeriesSchema).min(1).max(MAX_CHART_SERIES),
    period: z.enum(TIME_PRESETS).default(DEFAULT_CARD_PRESET),
  }),
  z.strictObject({ ...common, type: z.literal('gauge'), entity: entityRef, metric: metricName }),
  z.strictObject({ ...common, type: z.literal('device-table'), group_id: groupId }),
  z.strictObject({
    ...common,
    type: z.literal('aggregation-table'),
    group_id: groupId,
    metric: metricName,
    function: z.enum(AGGREGATION_TABLE_FUNCTIONS).default('avg'),
    /** week unless chosen (requirements#monitoring-calls) */
    interval: z.enum(AGGREGATE_INTERVALS).default('week'),
    /**
     * the last 7 days until another preset is chosen from the list the interval selects
     * (requirements#monitoring-screens)
     */
    period: z.enum(TIME_PRESETS).default(DEFAULT_CARD_PRESET),
  }),
  z.strictObject({
    ...common,
    type: z.literal('heatmap'),
    group_id: groupId,
    metric: metricName,
    method: z.enum(INTERPOLATION_METHODS, {
      error: (issue) => (issue.input === undefined ? INTERPOLATION_METHOD_REQUIRED : undefined),
    }),
    /** interpolated: a coloured surface; bubbles: one disc per device in five colours */
    display: z.enum(['interpolated', 'bubbles']).default('interpolated'),
    bubble_size: z.number().int().min(2).max(40).default(BUBBLE_HEATMAP_SIZE),
    /** seconds before now in which a device's newest reading still counts */
    time_interval_oversampling: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(3_600),
  }),
  z.strictObject({
    ...common,
    type: z.literal('rate-of-change'),
    group_id: groupId,
    metric: metricName,
    interval_days: z.union(RATE_OF_CHANGE_DAYS.map((d) => z.literal(d))).default(DEFAULT_RATE_OF_CHANGE_DAYS),
    result_type: z.enum(RATE_OF_CHANGE_RESULTS).default('delta'),
    group_by: z.enum(TIMESERIES_GROUP_BY).default('monitored_entity'),
  }),
  z.strictObject({
    ...common,
    type: z.literal('state-map'),
    group_id: groupId,
    /** the device names beside their markers ("Display Names") */
    display_names: z.boolean().default(false),
    /** the cross-sections layer shown at first (requirements#monitoring-screens: optional cross sections layer) */
    cross_sections_layer: z.boolean().default(false),
    zoom: z.number().int().min(MAP_ZOOM.min).max(MAP_ZOOM.max).default(MAP_ZOOM.initial),
  }),
  z.strictObject({
    ...common,
    type: z.literal('cross-section'),
    cross_section_id: idSchema,
    view: z.enum(CROSS_SECTION_VIEWS).default('side'),
  }),
  /** every cross section of the project on the site map (requirements#monitoring-screens: all-cross-sections map) */
  z.strictObject({ ...common, type: z.literal('cross-sections-map') }),
  z.strictObject({
    ...common,
    type: z.literal('inclinometer-profile'),
    entity: entityRef,
    mode: z.enum(['cumulative', 'incremental']).default('cumulative'),
    /** the reference date, ISO: movement since then; null: displacement since installation, as the chain reports it */
    datum: z.iso.datetime({ offset: true }).nullable().default(null),
    /** profiles drawn: now and this many days before */
    overlay_days: z.array(z.number().int().min(0).max(3_650)).min(1).max(6).default([0, 7, 30]),
    /** displacement beyond which a node is of concern, mm, drawn as a profile on both sides */
    limit: z.number().positive().max(10_000).nullable().default(null),
  }),
  z.strictObject({
    ...common,
    type: z.literal('weather'),
    /** where the weather is wanted; null: the project's first place */
    coordinates: z
      .strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
      .nullable()
      .default(null),
    units: z.enum(WEATHER_UNITS).default('celsius'),
  }),
]);
export type DashboardCard = z.infer<typeof dashboardCardSchema>;
export type DashboardCardType = DashboardCard['type'];
export const CARD_TYPES = [
  'device-state',
  'state-summary',
  'chart',
  'gauge',
  'device-table',
  'aggregation-table',
  'heatmap',
  'rate-of-change',
  'inclinometer-profile',
  'state-map',
  'cross-section',
  'cross-sections-map',
  'weather',
] as const satisfies readonly DashboardCardType[];

/** The size a new card of each type gets. */
export const DEFAULT_CARD_SIZE: Record<DashboardCardType, { w: number; h: number }> = {
  'device-state': { w: 4, h: 1 },
  'state-summary': { w: 8, h: 1 },
  chart: CARD_PRESETS.halfWidth,
  gauge: { w: 4, h: 2 },
  'device-table': CARD_PRESETS.fullWidthTall,
  'aggregation-table': CARD_PRESETS.fullWidthTall,
  heatmap: { w: 8, h: 4 },
  'rate-of-change': { w: 8, h: 4 },
  'inclinometer-profile': { w: 8, h: 4 },
  'state-map': { w: 8, h: 4 },
  'cross-section': { w: 16, h: 3 },
  'cross-sections-map': { w: 8, h: 4 },
  weather: CARD_PRESETS.halfWidth,
};

const pathSegment = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Use lower-case letters, digits and -')
  .refine((s) => s !== ENTITY_SEGMENT, { message: `"${ENTITY_SEGMENT}" is reserved` });

export const dashboardPageSchema = z.strictObject({
  /** `root`, or its descendants' segments after it: `root/north-crest` */
  path: z
    .string()
    .max(400)
    .refine((path) => {
      const [first, ...rest] = path.split('/');
      return first === ROOT_PAGE && rest.length < MAX_DEPTH && rest.every((s) => pathSegment.safeParse(s).success);
    }, 'A page path is root followed by lower-case segments'),
  title: z.string().trim().min(1).max(120),
  cards: z.array(dashboardCardSchema).max(MAX_CARDS),
});
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

/** Every page of one state type's dashboards; paths unique, root first, each page's parent present. */
export const dashboardTreeSchema = z
  .strictObject({ version: z.literal(1).default(1), pages: z.array(dashboardPageSchema).min(1).max(MAX_PAGES) })
  .superRefine((tree, ctx) => {
    if (tree.pages[0]?.path !== ROOT_PAGE)
      ctx.addIssue({ code: 'custom', path: ['pages', 0, 'path'], message: 'The first page is root' });
    const paths = new Set<string>();
    tree.pages.forEach((page, i) => {
      if (paths.has(page.path)) ctx.addIssue({ code: 'custom', path: ['pages', i, 'path'], message: 'Duplicate path' });
      paths.add(page.path);
      const parent = parentPath(page.path);
      if (parent && !paths.has(parent))
        ctx.addIssue({ code: 'custom', path: ['pages', i, 'path'], message: 'Its parent page comes first' });
      const ids = new Set<string>();
      page.cards.forEach((card, j) => {
        if (ids.has(card.id))
          ctx.addIssue({ code: 'custom', path: ['pages', i, 'cards', j, 'id'], message: 'Duplicate card id' });
        ids.add(card.id);
      });
    });
  });
export type DashboardTree = z.infer<typeof dashboardTreeSchema>;
