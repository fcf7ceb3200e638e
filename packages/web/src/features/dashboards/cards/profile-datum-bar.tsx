import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DatumSource } from '../model/profile-datum.ts';

/**
 * The datum a profile is plotted against, written on the plot ("Datum: <date>"), with the way back
 * to the device's datum after a view of another, and for curators the way to set a new one.
 */
export function ProfileDatumBar({
  source,
  date,
  canSet,
  canFollow,
  onSet,
  onFollow,
}: {
  source: DatumSource;
  /** the datum's date as shown; null for none */
  date: string | null;
  canSet: boolean;
  /** a view of another day while the device has a datum of its own */
  canFollow: boolean;
  onSet(): void;
  onFollow(): void;
}) {
  const { t } = useTranslation('dashboards');
  const viewOnly = source === 'view';
  const text = date
    ? t(viewOnly ? 'profile.datumViewOnly' : 'profile.datumAt', { date })
    : t(viewOnly ? 'profile.noDatumViewOnly' : 'profile.noDatum');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, minHeight: 30 }}>
      <Typography variant="body2" sx={{ fontWeight: 500, flex: '1 1 auto' }}>
        {text}
      </Typography>
      {canFollow && (
        <Button size="small" onClick={onFollow}>
          {t('profile.followDatum')}
        </Button>
      )}
      {canSet && (
        <Button size="small" variant="outlined" onClick={onSet}>
          {t('profile.setDatum')}
        </Button>
      )}
    </Box>
  );
}
