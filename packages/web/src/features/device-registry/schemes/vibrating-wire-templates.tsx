import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { VIBRATING_WIRE_FORMULAS, type MetricDefinition } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Form = keyof typeof VIBRATING_WIRE_FORMULAS;

/**
 * Adds a vibrating-wire pressure in the manufacturers' linear or polynomial form (issue 34): the
 * formula reads the raw metrics `reading` (digits) and `temperature` and the instrument's
 * calibration factors as `cal.<name>`, so one scheme serves sensors with different sheets.
 */
export function VibratingWireTemplates({
  taken,
  onAdd,
}: {
  /** the keys already in the group */
  taken: readonly string[];
  onAdd(metric: MetricDefinition & { formula: string }): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const add = (form: Form) => {
    setAnchor(null);
    const key = taken.includes('pressure') ? `pressure_${form}` : 'pressure';
    onAdd({ key, label: t('schemes.vwPressure'), unit: 'kPa', formula: VIBRATING_WIRE_FORMULAS[form] });
  };
  return (
    <>
      <Button size="small" startIcon={<AddOutlined />} sx={{ mt: 1 }} onClick={(e) => setAnchor(e.currentTarget)}>
        {t('schemes.vwTemplates')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(['linear', 'polynomial'] as const).map((form) => (
          <MenuItem key={form} onClick={() => add(form)}>
            <ListItemText
              primary={t(`schemes.vwForm.${form}`)}
              secondary={t('schemes.vwReads')}
              slotProps={{ secondary: { sx: { maxWidth: 360, whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
