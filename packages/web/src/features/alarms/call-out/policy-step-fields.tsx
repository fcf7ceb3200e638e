import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { CONTACT_KINDS, ROLE_NAMES, type Roster } from '@vigil/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callOutMessage } from './call-out-messages.ts';
import { TARGET_KINDS, type PolicyFormValues } from './policy-form.ts';
import { useCallOutPeople } from './use-call-out-people.ts';

/** One step of a policy: after how many minutes, whom (a roster's on-call person, a role or a user), by which channels. */
export function PolicyStepFields({
  form,
  index,
  rosters,
  onRemove,
}: {
  form: UseFormReturn<PolicyFormValues>;
  index: number;
  rosters: readonly Roster[];
  /** absent for the only step */
  onRemove?(): void;
}) {
  const { t } = useTranslation('alarms');
  const people = useCallOutPeople();
  const errors = form.formState.errors.steps?.[index];
  const kind = form.watch(`steps.${index}.target_kind`);
  const targets: { value: string; label: string }[] =
    kind === 'roster'
      ? rosters.map((r) => ({ value: r.id, label: r.name }))
      : kind === 'role'
        ? ROLE_NAMES.map((role) => ({ value: role, label: t(`callOut.roles.${role}`) }))
        : people.users.map((u) => ({ value: u.id, label: people.nameOf(u.id) ?? u.username }));
  return (
    <Paper variant="outlined" role="group" aria-label={t('callOut.policies.stepN', { n: index + 1 })} sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('callOut.policies.stepN', { n: index + 1 })}
        </Typography>
        {onRemove && (
          <IconButton onClick={onRemove} aria-label={t('callOut.policies.removeStep', { n: index + 1 })} size="small">
            <DeleteOutlined />
          </IconButton>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '140px 1fr 1fr' } }}>
        <TextField
          {...form.register(`steps.${index}.after_minutes`)}
          type="number"
          label={t('callOut.policies.afterMinutes')}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          error={Boolean(errors?.after_minutes)}
          helperText={callOutMessage(t, errors?.after_minutes?.message) ?? t('callOut.policies.afterMinutesHint')}
        />
        <Controller
          name={`steps.${index}.target_kind`}
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label={t('callOut.policies.targetKind')}
              value={field.value}
              onChange={(e) => {
                field.onChange(e.target.value);
                form.setValue(`steps.${index}.target`, '');
              }}
            >
              {TARGET_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`callOut.policies.targetKinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name={`steps.${index}.target`}
          control={form.control}
          render={({ field }) => (
            <TextField
              select
              label={t(`callOut.policies.targetOf.${kind}`)}
              value={targets.some((o) => o.value === field.value) ? field.value : ''}
              onChange={field.onChange}
              error={Boolean(errors?.target)}
              helperText={
                errors?.target
                  ? t('callOut.errors.noTarget')
                  : kind === 'roster' && rosters.length === 0
                    ? t('callOut.policies.noRosters')
                    : undefined
              }
            >
              {targets.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Controller
        name={`steps.${index}.channels`}
        control={form.control}
        render={({ field }) => (
          <FormControl component="fieldset" error={Boolean(errors?.channels)} sx={{ mt: 1 }}>
            <FormLabel component="legend" sx={{ fontSize: 13 }}>
              {t('callOut.policies.channels')}
            </FormLabel>
            <FormGroup row>
              {CONTACT_KINDS.map((channel) => (
                <FormControlLabel
                  key={channel}
                  label={t(`callOut.channels.${channel}`)}
                  control={
                    <Checkbox
                      checked={field.value.includes(channel)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? CONTACT_KINDS.filter((c) => c === channel || field.value.includes(c))
                            : field.value.filter((c) => c !== channel),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {errors?.channels && <FormHelperText>{callOutMessage(t, errors.channels.message)}</FormHelperText>}
          </FormControl>
        )}
      />
    </Paper>
  );
}
