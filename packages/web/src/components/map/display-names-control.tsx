import { FormControlLabel, Switch } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MapControl } from './map-control.tsx';

/**
 * "Display Names" (requirements#monitoring-screens): every marker's title shown beside it, or only on hover and focus.
 */
export function DisplayNamesControl({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('maps');
  return (
    <MapControl position="topright">
      <FormControlLabel
        sx={{ m: 0, pr: 1, '& .MuiFormControlLabel-label': { fontSize: 13 } }}
        control={<Switch size="small" checked={on} onChange={(_, checked) => onChange(checked)} />}
        label={t('displayNames')}
      />
    </MapControl>
  );
}
