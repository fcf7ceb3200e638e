const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/;

/**
 * A number as people type it, with a point or a comma for decimals (phone keypads in many languages
 * offer only the comma): null when blank, NaN when it is not a number.
 */
export function parseTypedNumber(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  if (!NUMBER.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}
