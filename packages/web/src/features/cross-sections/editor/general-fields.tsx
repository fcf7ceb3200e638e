import { Box, TextField } from '@mui/material';
import { crossSectionProblems } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import type { SectionDraft } from '../model/section-changes.ts';
import { NumberField } from './number-field.tsx';

type Change = (patch: Partial<SectionDraft>) => void;

/** Name, description, and the extent the section is drawn over: distance and altitude range with their units. */
export function GeneralFields({ draft, onChange }: { draft: SectionDraft; onChange: Change }) {
  const { t } = useTranslation('crossSections');
  const problems = crossSectionProblems(draft);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, minmax(0, 1fr))' } }}>
      <TextField
        label={t('fields.name')}
        value={draft.name}
        onChange={(event) => onChange({ name: event.target.value })}
        required
        error={draft.name.trim() === ''}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ gridColumn: { sm: 'span 6' } }}
      />
      <TextField
        label={t('fields.description')}
        value={draft.description}
        onChange={(event) => onChange({ description: event.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
        sx={{ gridColumn: { sm: 'span 6' } }}
      />
      <NumberField
        label={t('fields.distance')}
        value={draft.distance}
        onValue={(distance) => distance !== null && onChange({ distance })}
        error={problems.includes('distance')}
        helperText={problems.includes('distance') ? t('problems.distance') : t('fields.distanceHelp')}
        sx={{ gridColumn: { sm: 'span 4' } }}
      />
      <TextField
        label={t('fields.distanceUnit')}
        value={draft.distance_unit}
        onChange={(event) => onChange({ distance_unit: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 20 } }}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      <NumberField
        label={t('fields.altitudeMin')}
        value={draft.altitude_min}
        onValue={(altitude_min) => altitude_min !== null && onChange({ altitude_min })}
        error={problems.includes('altitude')}
        helperText={problems.includes('altitude') ? t('problems.altitude') : undefined}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      <NumberField
        label={t('fields.altitudeMax')}
        value={draft.altitude_max}
        onValue={(altitude_max) => altitude_max !== null && onChange({ altitude_max })}
        error={problems.includes('altitude')}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
      <TextField
        label={t('fields.altitudeUnit')}
        value={draft.altitude_unit}
        onChange={(event) => onChange({ altitude_unit: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 20 } }}
        sx={{ gridColumn: { sm: 'span 2' } }}
      />
    </Box>
  );
}
