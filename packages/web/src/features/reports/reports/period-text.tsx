import { useTranslation } from 'react-i18next';
import { periodLabel } from '../model/period-label.ts';

/** A report's period, first to last day, in the interface language. */
export function PeriodText({ from, to }: { from: string; to: string }) {
  const { i18n } = useTranslation();
  return <span>{periodLabel(from, to, i18n.language)}</span>;
}
