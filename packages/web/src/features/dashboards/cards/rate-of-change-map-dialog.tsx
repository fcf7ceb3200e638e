import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { coordinatesOf, type RateOfChangeRow } from '../model/rate-of-change-rows.ts';

/**
 * "View on Map" of a rate-of-change card (spec 001 §2): until the maps module draws them on a map,
 * the card's devices with their change and their coordinates; choosing one opens its detail panel.
 */
export function RateOfChangeMapDialog({
  open,
  title,
  rows,
  changeOf,
  onOpen,
  onClose,
}: {
  open: boolean;
  title: string;
  rows: readonly RateOfChangeRow[];
  changeOf(row: RateOfChangeRow): string;
  onOpen(row: RateOfChangeRow): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const degrees = (v: number) => v.toLocaleString(locale, { minimumFractionDigits: 5, maximumFractionDigits: 6 });
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, maxHeight: 480 }}>
        {rows.length ? (
          <List dense aria-label={title}>
            {rows.map((r) => {
              const at = coordinatesOf(r.device);
              return (
                <ListItemButton key={r.key} disabled={!r.device} onClick={() => onOpen(r)}>
                  <ListItemText
                    primary={r.title}
                    secondary={
                      at
                        ? t('rateOfChange.coordinates', {
                            longitude: degrees(at.longitude),
                            latitude: degrees(at.latitude),
                          })
                        : t('location.none')
                    }
                  />
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap', ml: 2 }}>
                    {changeOf(r)}
                  </Typography>
                </ListItemButton>
              );
            })}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('rateOfChange.mapEmpty')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
