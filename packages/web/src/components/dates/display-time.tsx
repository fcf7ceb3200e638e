import { Typography, type TypographyProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, relativeTime } from './display-date.ts';
import { useNow } from './use-now.ts';

/** A date ('DD MMMM YYYY, HH:mm:ss', requirements#monitoring-constants) and how long ago it was. */
export function DisplayTime({ iso, ...props }: { iso: string } & TypographyProps) {
  const { i18n } = useTranslation();
  const now = useNow();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Typography variant="caption" color="text.secondary" {...props}>
      <time dateTime={iso}>{formatDisplayDate(iso, locale)}</time>
      {' · '}
      {relativeTime(iso, now, locale)}
    </Typography>
  );
}
