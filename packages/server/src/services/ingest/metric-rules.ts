import { compileSchemeSpec, type CompiledScheme } from '@vigil/domain';

export { deriveMetrics, type CompiledScheme } from '@vigil/domain';

/** Compiles a scheme's spec as stored (schemes.spec JSON); unreadable JSON is a scheme without metrics. */
export function compileScheme(specJson: string | null | undefined): CompiledScheme {
  let raw: unknown = {};
  try {
    raw = specJson ? JSON.parse(specJson) : {};
  } catch {
    raw = {};
  }
  return compileSchemeSpec(raw);
}

/** The numeric values of an entity's context (monitored_entities.context JSON). */
export function numericContext(contextJson: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  let parsed: unknown;
  try {
    parsed = contextJson ? JSON.parse(contextJson) : {};
  } catch {
    return out;
  }
  if (!parsed || typeof parsed !== 'object') return out;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}
