import type { EntityType, MetricLimit, SchemeSpec, SchemeType } from '@vigil/domain';

/**
 * The shapes of the demo catalogue: schemes, devices and sites (demo/devices.ts), and the
 * calibration sheets of sensors that send digits (demo/calibrations.ts).
 */

/** How a sensor turns the demo's physical values into the raw metrics it sends. */
export type SensorOutput = 'vibrating-wire';

/** A calibration sheet of a demo sensor, dated from the seed: at installation, or `daysAgo` before the seed. */
export interface DemoCalibration {
  daysAgo: number | null;
  serial: string;
  factors: Record<string, number>;
  notes: string;
}

export interface DemoScheme {
  name: string;
  type: SchemeType;
  spec: SchemeSpec;
  /** typical scatter (one standard deviation) of each raw metric between readings */
  noise: Record<string, number>;
  /**
   * A sensor that sends what its transducer gives (digits) rather than engineering units: the demo's
   * physics runs on `physics` (whose raw metrics the baselines and noise name) and `output` turns
   * its values into the raw metrics of `spec` with the device's calibration in effect.
   */
  sensor?: { physics: SchemeSpec; output: SensorOutput };
}

export interface DemoDataPoint {
  title: string;
  identifier: string;
  /** raw metric values of this data point */
  baseline: Record<string, number>;
}

export interface DemoRule {
  rule: string;
  rule_description: string;
  /** the safety state when the rule holds (ADR 0011); critical rules come first */
  state: 'red' | 'orange';
}

export interface DemoDevice {
  eid: string;
  kind: EntityType;
  title: string;
  description: string;
  /** scheme name, unique in the site */
  scheme: string;
  /** eid of the interface node (data logger) that reads it */
  interfaceNode: string | null;
  /** [longitude, latitude] */
  location: [number, number];
  context: Record<string, number>;
  /** the device's own limits; the scheme's apply otherwise */
  limits: MetricLimit[];
  safetyRules: DemoRule[];
  /** operational state rules (ADR 0011); none when absent */
  operationalRules?: Array<Omit<DemoRule, 'state'> & { state: 'yellow' | 'orange' | 'blue' }>;
  /** advanced indicators: a name and an expression that raises them */
  indicators?: Array<{ name: string; rule: string }>;
  /** seconds between payloads promised by the contract */
  contractedSlaTime: number;
  /** minutes between readings */
  cadenceMinutes: number;
  /** raw metric values around which readings vary; empty when the data points carry them */
  baseline: Record<string, number>;
  dataPoints: DemoDataPoint[];
  labels: string[];
  assetCertificate: string | null;
  /** the device was installed (created) this many days before the seed */
  installedDaysAgo: number;
  /** the calibration sheets of its sensor, oldest first (schemes reading `cal.<name>`) */
  calibrations?: DemoCalibration[];
}

export interface DemoGroup {
  title: string;
  type: 'area' | 'instrument-type';
  /** eids */
  members: string[];
}

export interface DemoDeviceSite {
  schemes: DemoScheme[];
  devices: DemoDevice[];
  groups: DemoGroup[];
}
