import { Autocomplete, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { STATE_COLOURS, type StateColour, type TarpLevel } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { StateDot } from '../../components/state/state-dot.tsx';
import { STATE_PAINT } from '../../components/state/state-paint.ts';

/** One TARP level's fields; actions are written one a line. */
export function TarpLevelForm({
  level,
  disabled,
  onChange,
}: {
  level: TarpLevel;
  disabled: boolean;
  onChange(next: TarpLevel): void;
}) {
  const { t } = useTranslation('alarms');
  const set = (changes: Partial<TarpLevel>) => onChange({ ...level, ...changes });
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderLeft: 6, borderLeftColor: STATE_PAINT[level.colour] }}
      aria-label={level.name}
      role="group"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <StateDot state={level.colour} size={14} />
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          {level.name}
        </Typography>
      </Stack>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label={t('tarp.name')}
            value={level.name}
            disabled={disabled}
            onChange={(e) => set({ name: e.target.value })}
            fullWidth
          />
          <Autocomplete
            multiple
            fullWidth
            disabled={disabled}
            options={STATE_COLOURS as readonly StateColour[]}
            value={level.colours}
            onChange={(_, colours) => set({ colours })}
            getOptionLabel={(c) => t(`colours.${c}`)}
            renderValue={(values, getItemProps) =>
              values.map((c, index) => (
                <Chip {...getItemProps({ index })} key={c} size="small" label={t(`colours.${c}`)} />
              ))
            }
            renderInput={(params) => <TextField {...params} label={t('tarp.colours')} />}
          />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            label={t('tarp.responsible')}
            value={level.responsible_role}
            disabled={disabled}
            onChange={(e) => set({ responsible_role: e.target.value })}
            fullWidth
          />
          <TextField
            label={t('tarp.deadline')}
            type="number"
            value={level.ack_deadline_minutes ?? ''}
            disabled={disabled}
            onChange={(e) => set({ ack_deadline_minutes: e.target.value === '' ? null : Number(e.target.value) })}
            helperText={t('tarp.deadlineHint')}
            fullWidth
          />
          <TextField
            label={t('tarp.escalateTo')}
            value={level.escalate_to_role ?? ''}
            disabled={disabled}
            onChange={(e) => set({ escalate_to_role: e.target.value.trim() ? e.target.value : null })}
            fullWidth
          />
        </Stack>
        <TextField
          label={t('tarp.actions')}
          multiline
          minRows={3}
          value={level.actions.join('\n')}
          disabled={disabled}
          onChange={(e) => set({ actions: e.target.value.split('\n') })}
          helperText={t('tarp.actionsHint')}
          fullWidth
        />
      </Stack>
    </Paper>
  );
}
