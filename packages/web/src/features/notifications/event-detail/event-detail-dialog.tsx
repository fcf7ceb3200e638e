import { Button, Dialog, DialogActions, DialogContent, useMediaQuery, type Theme } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventDetail } from './event-detail.tsx';

interface EventDetailDialogProps {
  notification: NotificationObject | null;
  onClose(): void;
  onNavigate(): void;
}

/** The event-detail dialog opened from the drawer; full screen on phones. */
export function EventDetailDialog({ notification, onClose, onNavigate }: EventDetailDialogProps) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // The last notification stays rendered while the dialog fades out.
  const [shown, setShown] = useState(notification);
  if (notification && notification !== shown) setShown(notification);
  return (
    <Dialog
      open={Boolean(notification)}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      {shown && (
        <DialogContent sx={{ pt: 3 }}>
          <EventDetail notification={shown} titleId={titleId} onNavigate={onNavigate} />
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('detail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
