import { randomUUID } from 'node:crypto';

/** Helpers for the portable column conventions of ADR 0001. */
export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();
export const toJson = (value: unknown): string => JSON.stringify(value ?? null);
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined): boolean => Boolean(value);

/** Whether a database error is a unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
