import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberLocale } from '../../../i18n/i18n.ts';

/** Whole numbers as the interface language writes them (12,345 · 12 345 · 12.345). */
export function useCountFormat(): (n: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(numberLocale(i18n.resolvedLanguage ?? 'en-US'), { maximumFractionDigits: 0 });
    return (n: number) => format.format(n);
  }, [i18n.resolvedLanguage]);
}
