import { Typography, type TypographyProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNotificationDate, relativeTime } from '../model/notification-dates.ts';
import { useNow } from '../model/use-now.ts';

/** A notification's date ('DD MMMM YYYY, HH:mm:ss') and how long ago it was. */
export function NotificationTime({ iso, ...props }: { iso: string } & TypographyProps) {
  const { i18n } = useTranslation();
  const now = useNow();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Typography variant="caption" color="text.secondary" {...props}>
      <time dateTime={iso}>{formatNotificationDate(iso, locale)}</time>
      {' · '}
      {relativeTime(iso, now, locale)}
    </Typography>
  );
}
