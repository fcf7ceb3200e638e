import { deriveMetrics, type CompiledScheme, type ReadingGroups } from '@vigil/domain';

/**
 * A stored reading's groups with its calculated metrics derived again (ADR 0040): from its raw values
 * as stored, and the raw values set aside in invalid_metrics (as the scheme preview does), with the
 * context values it was stored with and the calibration factors now in effect at its read_at. The
 * raw groups are kept exactly as stored: raw values never change.
 */
export function rederive(
  scheme: CompiledScheme,
  stored: ReadingGroups,
  context: Readonly<Record<string, number>>,
  factors: Readonly<Record<string, number>> | undefined,
): ReadingGroups {
  const calculated = new Set(scheme.calculated.map((c) => c.key));
  const setAside: Record<string, number> = {};
  for (const [key, value] of Object.entries(stored.invalid_metrics ?? {})) {
    if (!calculated.has(key)) setAside[key] = value;
  }
  const raw = { ...setAside, ...stored.raw_metrics };
  const derived = deriveMetrics(scheme, raw, { ...context, ...stored.context_metrics }, factors);
  const invalid = { ...setAside };
  for (const [key, value] of Object.entries(derived.invalid_metrics)) if (calculated.has(key)) invalid[key] = value;
  const { invalid_reasons: _old, ...rest } = stored;
  return {
    ...rest,
    calculated_metrics: derived.calculated_metrics,
    invalid_metrics: invalid,
    ...(derived.invalid_reasons ? { invalid_reasons: derived.invalid_reasons } : {}),
  };
}
