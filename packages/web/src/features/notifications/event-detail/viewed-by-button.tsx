import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Button, List, ListItem, ListItemText, Popover, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readByQuery } from '../../../api/notifications.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';

/** The 'viewed by' popover: who read the notification, or a placeholder entry when nobody has. */
export function ViewedByButton({ notificationId }: { notificationId: string }) {
  const { t, i18n } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const readers = useQuery({ ...readByQuery(notificationId), enabled: Boolean(anchor) });

  useEffect(() => {
    if (!readers.isError) return;
    enqueueSnackbar(t('errors.fetchReadByError'), { variant: 'error' });
    setAnchor(null);
  }, [readers.isError, enqueueSnackbar, t]);

  return (
    <>
      <Button
        size="small"
        startIcon={<VisibilityOutlined />}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('detail.viewedBy')}
      </Button>
      <Popover
        id={popoverId}
        open={Boolean(anchor) && !readers.isError}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { 'aria-label': t('detail.viewedBy'), sx: { minWidth: 240, maxWidth: 340 } } }}
      >
        <List dense aria-label={t('detail.viewedBy')}>
          {readers.isPending && (
            <ListItem>
              <ListItemText primary={<Skeleton width={160} />} secondary={<Skeleton width={120} />} />
            </ListItem>
          )}
          {readers.data?.length === 0 && (
            <ListItem>
              <ListItemText primary={t('detail.nobodyViewed')} slotProps={{ primary: { color: 'text.secondary' } }} />
            </ListItem>
          )}
          {readers.data?.map((reader) => (
            <ListItem key={reader.id}>
              <ListItemText
                primary={`${reader.first_name} ${reader.last_name}`.trim() || reader.username}
                secondary={formatDisplayDate(reader.read_at, i18n.resolvedLanguage ?? 'en-US')}
              />
            </ListItem>
          ))}
        </List>
      </Popover>
    </>
  );
}
