const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A size in 1024 units (requirements#monitoring-constants): whole bytes below 1 KB, else KB, MB or GB with one decimal,
 * written with the interface language's decimal mark. '' when the size is unknown.
 */
export function formatSize(bytes: number | null | undefined, locale = 'en-US'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  // 1023.96 KB would read "1024.0 KB": round first, and carry into the next unit.
  if (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}
