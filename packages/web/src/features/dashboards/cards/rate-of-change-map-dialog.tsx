import {
  Box,
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
import { useQuery } from '@tanstack/react-query';
import { MAP_ZOOM, stateColour } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { siteMapQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { LazyVigilMap, type MapMarker } from '../../../components/map/lazy-vigil-map.tsx';
import { stateOf } from '../model/device-index.ts';
import { coordinatesOf, type RateOfChangeRow } from '../model/rate-of-change-rows.ts';
import { useDashboardContext } from './card-context.ts';

/**
 * "View on Map" of a rate-of-change card (requirements#monitoring-screens): the card's devices on the project's map,
 * each
 * named with its change and coloured by its state, over the list of them with their coordinates;
 * choosing one, on the map or in the list, opens its detail panel.
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
  const { project } = useSession();
  const { stateType } = useDashboardContext();
  const siteMap = useQuery({ ...siteMapQuery(project.id), enabled: open });
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const degrees = (v: number) => v.toLocaleString(locale, { minimumFractionDigits: 5, maximumFractionDigits: 6 });
  const markers = useMemo(
    () =>
      rows.flatMap((r): MapMarker[] => {
        const at = coordinatesOf(r.device);
        return at && r.device
          ? [
              {
                id: r.key,
                title: `${r.title}: ${changeOf(r)}`,
                ...at,
                colour: stateColour(stateOf(r.device, stateType)),
                entityType: r.device.monitored_entity_type,
              },
            ]
          : [];
      }),
    [rows, changeOf, stateType],
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {rows.length ? (
          <>
            {open && (
              <LazyVigilMap
                markers={markers}
                siteMap={siteMap.isError ? null : siteMap.data}
                cluster={false}
                // The view fits the devices as close as a card may zoom: a few devices of one embankment apart.
                zoom={MAP_ZOOM.max}
                // The names carry the changes: always shown, no switch to hide them.
                displayNames
                nameSwitch={false}
                height={360}
                emptyText={t('map.empty')}
                ariaLabel={t('map.label', { title })}
                onMarkerClick={(key) => {
                  const row = rows.find((r) => r.key === key);
                  if (row) onOpen(row);
                }}
              />
            )}
            <Box sx={{ maxHeight: 240, overflowY: 'auto' }}>
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
            </Box>
          </>
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
