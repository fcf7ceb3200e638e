import type { StateType } from '@vigil/domain';

/**
 * What the demo's state dashboards show of each site (demo/dashboards.ts builds the pages): the
 * overview's key devices and groups, its gauges and charts per state type, by eid and group title.
 */

interface ChartPlan {
  id: string;
  title: string;
  /** `group.key` of the devices' scheme */
  metric: string;
  eids: string[];
}

/** A chart of several metrics: the dam engineers' levels against rainfall, each metric on the axis of its unit. */
export interface LevelsChartPlan {
  id: string;
  title: string;
  series: Array<{ eid: string; metric: string; function?: 'sum'; style?: 'bars' }>;
}

export interface SitePlan {
  title: string;
  /** devices, then groups (by title), shown one state card each */
  keyDevices: string[];
  keyGroups: string[];
  gauges: Record<StateType, Array<{ eid: string; metric: string }>>;
  charts: Record<StateType, ChartPlan[]>;
  /** full width on the safety-state overview: piezometric levels against the pond or river level and rainfall */
  levels: LevelsChartPlan;
  /** the safety-state page of analysis cards: the piezometers' spread and change, an area's daily maxima, a chain's profile */
  analysis: { piezometers: string; area: string; chain: string | null };
}

export const PIEZOMETRIC_LEVEL = 'calculated_metrics.piezometric_level';
const BATTERY = 'raw_metrics.battery_voltage';
const piezometers = (eids: string[]): ChartPlan => ({
  id: 'key-piezometers',
  title: 'Key piezometric levels',
  metric: PIEZOMETRIC_LEVEL,
  eids,
});
const batteries = (eids: string[]): ChartPlan => ({
  id: 'batteries',
  title: 'Logger battery voltages',
  metric: BATTERY,
  eids,
});

const CERRO_PIEZOMETERS = piezometers(['PZ-03', 'PZ-11', 'PZ-15', 'PZ-19']);
const OUSE_PIEZOMETERS = piezometers(['PZ-02', 'PZ-04', 'PZ-08', 'PZ-10']);
const RAINFALL = 'raw_metrics.rainfall';
/** Rainfall summed per bucket (an amount, not a level), drawn as bars. */
const rainfall = (eid: string) => ({ eid, metric: RAINFALL, function: 'sum', style: 'bars' }) as const;
const levels = (piezometerEids: string[], water: { eid: string; metric: string }, weatherEid: string) => [
  ...piezometerEids.map((eid) => ({ eid, metric: PIEZOMETRIC_LEVEL })),
  water,
  rainfall(weatherEid),
];

const OUSE_RIVER: ChartPlan = {
  id: 'river',
  title: 'River Ouse levels',
  metric: 'calculated_metrics.river_level',
  eids: ['RL-01', 'RL-02'],
};

export const DASHBOARD_PLANS: Record<string, SitePlan> = {
  'cerro-azul': {
    title: 'Cerro Azul TSF overview',
    keyDevices: [
      'PZ-03',
      'PZ-11',
      'PZ-15',
      'PZ-19',
      'IPI-02',
      'SC-01',
      'SC-02',
      'WL-01',
      'DL-01',
      'DL-02',
      'DL-03',
      'DL-04',
    ],
    keyGroups: ['Piezometers', 'In-place inclinometers'],
    gauges: {
      'safety-state': [
        { eid: 'WL-01', metric: 'calculated_metrics.freeboard' },
        { eid: 'SC-02', metric: 'calculated_metrics.settlement' },
      ],
      'operational-state': [
        { eid: 'DL-02', metric: BATTERY },
        { eid: 'DL-04', metric: BATTERY },
      ],
    },
    charts: {
      'safety-state': [
        CERRO_PIEZOMETERS,
        {
          id: 'displacement',
          title: 'Crest displacement, top nodes',
          metric: 'calculated_metrics.resultant',
          eids: ['IPI-01', 'IPI-02', 'IPI-03', 'IPI-04'],
        },
        {
          id: 'settlement',
          title: 'Crest settlement',
          metric: 'calculated_metrics.settlement',
          eids: ['SC-01', 'SC-02', 'SC-03'],
        },
        {
          id: 'freeboard',
          title: 'Decant pond freeboard',
          metric: 'calculated_metrics.freeboard',
          eids: ['WL-01', 'WL-02'],
        },
      ],
      'operational-state': [
        CERRO_PIEZOMETERS,
        batteries(['DL-01', 'DL-02', 'DL-03', 'DL-04']),
        { id: 'pond', title: 'Decant pond level', metric: 'calculated_metrics.water_level', eids: ['WL-01', 'WL-02'] },
        { id: 'rainfall', title: 'Rainfall', metric: RAINFALL, eids: ['MET-01'] },
      ],
    },
    levels: {
      id: 'levels-and-rainfall',
      title: 'Piezometric levels against pond level and rainfall',
      series: levels(CERRO_PIEZOMETERS.eids, { eid: 'WL-01', metric: 'calculated_metrics.water_level' }, 'MET-01'),
    },
    analysis: { piezometers: 'Piezometers', area: 'Crest section B', chain: 'IPI-02' },
  },
  'ouse-embankment': {
    title: 'Ouse Flood Embankment overview',
    keyDevices: ['PZ-02', 'PZ-04', 'PZ-08', 'PZ-10', 'RL-01', 'RL-02', 'DL-01', 'DL-02'],
    keyGroups: ['Piezometers', 'River gauges'],
    gauges: {
      'safety-state': [
        { eid: 'RL-01', metric: 'calculated_metrics.river_level' },
        { eid: 'RL-02', metric: 'calculated_metrics.river_level' },
      ],
      'operational-state': [
        { eid: 'RL-02', metric: 'calculated_metrics.river_level' },
        { eid: 'DL-01', metric: BATTERY },
      ],
    },
    charts: {
      'safety-state': [
        OUSE_PIEZOMETERS,
        OUSE_RIVER,
        {
          id: 'crest-margin',
          title: 'Phreatic surface margin below the crest',
          metric: 'calculated_metrics.crest_margin',
          eids: ['VD-01', 'VD-02'],
        },
      ],
      'operational-state': [OUSE_PIEZOMETERS, OUSE_RIVER, batteries(['DL-01', 'DL-02'])],
    },
    levels: {
      id: 'levels-and-rainfall',
      title: 'Piezometric levels against river level and rainfall',
      series: levels(OUSE_PIEZOMETERS.eids, { eid: 'RL-01', metric: 'calculated_metrics.river_level' }, 'MET-01'),
    },
    analysis: { piezometers: 'Piezometers', area: 'Reach 1 – Naburn Lock', chain: null },
  },
};
