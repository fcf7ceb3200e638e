import { Box, Button, Skeleton, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deviceSummariesQuery } from '../../../api/registry.ts';
import { siteMapQuery } from '../../../api/ui.ts';
import { useSession } from '../../../session/session-context.ts';
import { stateColour } from '@vigil/domain';
import type { MapMarker } from '../../../components/map/map-marker.ts';
import { toNumber, type DeviceFormValues } from '../model/device-form.ts';

// Leaflet loads only when a form shows the map.
const LocationMap = lazy(async () => ({ default: (await import('./location-map.tsx')).LocationMap }));

const MAP_HEIGHT = 380;

/** Where the device is: a pin on the project's site map (click or drag), or latitude and longitude typed. */
export function LocationField({
  form,
  deviceId,
  readOnly,
}: {
  form: UseFormReturn<DeviceFormValues>;
  deviceId: string | null;
  readOnly: boolean;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const siteMap = useQuery(siteMapQuery(project.id));
  const devices = useQuery(deviceSummariesQuery(project.id));
  const others = useMemo<MapMarker[]>(
    () =>
      (devices.data ?? [])
        .filter((d) => d.id !== deviceId && d.location)
        .map((d) => ({
          id: d.id,
          title: d.title,
          longitude: d.location!.coordinates[0],
          latitude: d.location!.coordinates[1],
          colour: stateColour(d.safety_state),
          entityType: d.monitored_entity_type,
        })),
    [devices.data, deviceId],
  );
  const [latitude, longitude, title] = form.watch(['latitude', 'longitude', 'title']);
  const place =
    latitude.trim() !== '' &&
    longitude.trim() !== '' &&
    Number.isFinite(toNumber(latitude)) &&
    Number.isFinite(toNumber(longitude)) &&
    Math.abs(toNumber(latitude)) <= 90
      ? { latitude: toNumber(latitude), longitude: toNumber(longitude) }
      : null;
  const set = (next: { latitude: number; longitude: number } | null) => {
    form.setValue('latitude', next ? String(next.latitude) : '', { shouldDirty: true, shouldValidate: true });
    form.setValue('longitude', next ? String(next.longitude) : '', { shouldDirty: true, shouldValidate: true });
  };
  const coordinate = (name: 'latitude' | 'longitude') => (
    <Controller
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={t(`fields.${name}`)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? t(`form.errors.${fieldState.error.message ?? name}`) : undefined}
          slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'decimal' } }}
          size="small"
        />
      )}
    />
  );
  return (
    <Box>
      {!readOnly && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {place ? t('location.dragHint') : t('location.clickHint')}
        </Typography>
      )}
      {siteMap.isPending ? (
        <Skeleton variant="rectangular" height={MAP_HEIGHT} />
      ) : (
        <Suspense fallback={<Skeleton variant="rectangular" height={MAP_HEIGHT} />}>
          <LocationMap
            place={place}
            onPlace={set}
            others={others}
            siteMap={siteMap.data ?? null}
            markerLabel={t('location.marker', { title: title || t('location.thisDevice') })}
            ariaLabel={t('location.map')}
            readOnly={readOnly}
          />
        </Suspense>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, alignItems: 'flex-start' }}>
        {coordinate('latitude')}
        {coordinate('longitude')}
        {!readOnly && place && (
          <Button onClick={() => set(null)} sx={{ mt: 0.5 }}>
            {t('location.clear')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
