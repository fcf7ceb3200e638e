import { Link, Typography } from '@mui/material';
import type { DeviceProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { CardFrame } from '../cards/card-frame.tsx';

/** Where the device is: its coordinates (longitude then latitude on the wire, spec 001 §3) until maps arrive. */
export function LocationCard({ device }: { device: DeviceProfile }) {
  const { t, i18n } = useTranslation('dashboards');
  const point = device.location?.coordinates;
  const number = (n: number) =>
    n.toLocaleString(i18n.resolvedLanguage, { minimumFractionDigits: 6, maximumFractionDigits: 6 });
  return (
    <CardFrame title={t('location.heading')} empty={point ? null : t('location.none')}>
      {point && (
        <>
          <Typography variant="body2">
            {t('location.latitude')}: <strong>{number(point[1])}</strong>
          </Typography>
          <Typography variant="body2">
            {t('location.longitude')}: <strong>{number(point[0])}</strong>
          </Typography>
          <Link
            href={`https://www.openstreetmap.org/?mlat=${point[1]}&mlon=${point[0]}#map=17/${point[1]}/${point[0]}`}
            target="_blank"
            rel="noopener"
            sx={{ mt: 1 }}
          >
            {t('location.openMap')}
          </Link>
        </>
      )}
    </CardFrame>
  );
}
