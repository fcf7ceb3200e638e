/** A deep copy of a JSON value (objects, arrays, numbers, strings, booleans, null). */
export function copyOf<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyOf(value[i]);
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) copy[keys[i]!] = copyOf((value as Record<string, unknown>)[keys[i]!]);
  return copy as T;
}
