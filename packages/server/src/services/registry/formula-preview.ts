import {
  compileExpression,
  compileSchemeSpec,
  deriveMetrics,
  factorsInEffect,
  SCHEME_PREVIEW_READINGS,
  type SchemePreviewBody,
  type SchemePreviewRow,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { notFound } from '../../http/errors.ts';
import { rebuildReadings } from '../metrics/rebuilt-readings.ts';
import { findNewestOfEntity, readStored } from '../metrics/stored-readings.ts';
import { findCalibrations } from './calibration-store.ts';
import { findDevice } from './device-store.ts';

/** Why a formula gave no value on a reading: its own error, or a value it needs that is missing. */
function whyNoValue(formula: string, scope: Record<string, number>): string {
  const expression = compileExpression(formula);
  const missing = expression.variables.filter((name) => !(name in scope));
  if (missing.length) return `No value for ${missing.join(', ')}`;
  try {
    const value = expression.evaluate(scope);
    return typeof value === 'number' ? 'The value is out of range' : 'The formula does not give a number';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The calculated metrics a spec being edited would give on a device's latest readings, with the
 * derivation ingest runs (ADR 0034). Formulas were checked by the body's schema (400 when one does
 * not parse); what fails on a reading is named in that reading's `errors`.
 */
export async function previewFormulas(db: Db, projectId: string, body: SchemePreviewBody): Promise<SchemePreviewRow[]> {
  const device = await findDevice(db, projectId, body.device_id);
  if (!device) throw notFound('Device not found');
  const scheme = compileSchemeSpec(body.spec);
  const readings = await readStored(db, async (reader) =>
    rebuildReadings(reader, await findNewestOfEntity(reader, device.id, SCHEME_PREVIEW_READINGS)),
  );
  const calibrations = scheme.readsCalibration ? ((await findCalibrations(db, [device.id])).get(device.id) ?? []) : [];
  const calculated = body.spec.metrics.calculated_metrics ?? [];
  const calculatedKeys = new Set(calculated.map((m) => m.key));
  return readings.map((reading) => {
    // Raw values beyond the stored scheme's invalid bounds were kept aside: the edited spec judges them again.
    const stored = fromJson<Partial<Record<'raw_metrics' | 'invalid_metrics', Record<string, number>>>>(
      reading.metrics,
      {},
    );
    const setAside = Object.entries(stored.invalid_metrics ?? {}).filter(([key]) => !calculatedKeys.has(key));
    const raw = { ...Object.fromEntries(setAside), ...stored.raw_metrics };
    const factors = factorsInEffect(calibrations, Date.parse(reading.read_at));
    const groups = deriveMetrics(scheme, raw, device.context, factors);
    const scope = { ...device.context, ...groups.raw_metrics, ...groups.calculated_metrics };
    const errors: Record<string, string> = { ...groups.invalid_reasons };
    for (const metric of calculated) {
      if (metric.key in errors) continue;
      if (!(metric.key in groups.calculated_metrics) && !(metric.key in groups.invalid_metrics))
        errors[metric.key] = whyNoValue(metric.formula, scope);
      else if (metric.key in groups.invalid_metrics) errors[metric.key] = 'The value is beyond an invalid bound';
    }
    return { read_at: reading.read_at, raw_metrics: raw, calculated_metrics: groups.calculated_metrics, errors };
  });
}
