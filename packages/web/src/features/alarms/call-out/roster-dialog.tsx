import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Roster, User } from '@vigil/domain';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { callOutApi } from '../../../api/call-out.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { TimeZoneField } from '../../../components/forms/time-zone-field.tsx';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useSession } from '../../../session/session-context.ts';
import { callOutMessage } from './call-out-messages.ts';
import {
  bodyOfRosterForm,
  emptyRosterForm,
  rosterFormOf,
  rosterFormResolver,
  type RosterFormValues,
} from './roster-form.ts';
import { useCallOutPeople } from './use-call-out-people.ts';

/** What the dialog edits: a new roster, or a stored one. */
export type RosterSubject = { roster: Roster | null };

/** A roster's name, members in rotation order, shift length and start in its time zone, and its overrides. */
export function RosterDialog({ subject, onClose }: { subject: RosterSubject | null; onClose(): void }) {
  return (
    <SubjectDialog subject={subject} onClose={onClose} maxWidth="md" fullScreenOnPhone>
      {(shown, titleId) => <RosterForm roster={shown.roster} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

function RosterForm({ roster, titleId, onClose }: { roster: Roster | null; titleId: string; onClose(): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const people = useCallOutPeople();
  const form = useForm<RosterFormValues>({
    resolver: rosterFormResolver,
    defaultValues: roster ? rosterFormOf(roster) : emptyRosterForm(),
  });
  const overrides = useFieldArray({ control: form.control, name: 'overrides' });
  const save = useMutation({
    mutationFn: (values: RosterFormValues) =>
      roster
        ? callOutApi.updateRoster(roster.id, bodyOfRosterForm(values))
        : callOutApi.createRoster(bodyOfRosterForm(values)),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: queryKeys.callOut.rosters(project.id) });
      enqueueSnackbar(t('callOut.rosters.saved', { name: saved.name }), { variant: 'success' });
      onClose();
    },
  });
  const { errors } = form.formState;
  const message = (text: string | undefined) => callOutMessage(t, text);
  const userById = (id: string): User =>
    people.users.find((u) => u.id === id) ?? ({ id, username: people.nameOf(id) ?? id } as User);
  const label = (u: User) => people.nameOf(u.id) ?? u.username;
  const submit = form.handleSubmit((values) => save.mutate(values));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{roster ? t('callOut.rosters.editTitle') : t('callOut.rosters.newTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            {...form.register('name')}
            label={t('callOut.rosters.name')}
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={message(errors.name?.message)}
          />
          <Controller
            name="members"
            control={form.control}
            render={({ field }) => (
              <Autocomplete
                multiple
                options={people.users}
                loading={people.loading}
                value={field.value.map(userById)}
                onChange={(_, chosen) => field.onChange(chosen.map((u) => u.id))}
                getOptionLabel={label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderValue={(value, getItemProps) =>
                  value.map((u, index) => {
                    const { key, ...props } = getItemProps({ index });
                    return <Chip key={key} size="small" label={`${index + 1}. ${label(u)}`} {...props} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('callOut.rosters.members')}
                    required
                    error={Boolean(errors.members)}
                    helperText={message(errors.members?.message) ?? t('callOut.rosters.membersHint')}
                  />
                )}
              />
            )}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr 2fr' } }}>
            <TextField
              {...form.register('shift_hours')}
              type="number"
              label={t('callOut.rosters.shiftHours')}
              required
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              error={Boolean(errors.shift_hours)}
              helperText={message(errors.shift_hours?.message)}
            />
            <TextField
              {...form.register('starts_at')}
              type="datetime-local"
              label={t('callOut.rosters.startsAt')}
              required
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.starts_at)}
              helperText={message(errors.starts_at?.message) ?? t('callOut.rosters.startsAtHint')}
            />
            <Controller
              name="timezone"
              control={form.control}
              render={({ field }) => (
                <TimeZoneField
                  label={t('callOut.rosters.timezone')}
                  value={field.value}
                  onChange={field.onChange}
                  error={Boolean(errors.timezone)}
                  helperText={message(errors.timezone?.message)}
                />
              )}
            />
          </Box>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="subtitle2">
              {t('callOut.rosters.overrides')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('callOut.rosters.overridesHint')}
            </Typography>
            <Stack spacing={1.5}>
              {overrides.fields.map((item, index) => {
                const rowErrors = errors.overrides?.[index];
                return (
                  <Stack
                    key={item.id}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    role="group"
                    aria-label={t('callOut.rosters.overrideN', { n: index + 1 })}
                    sx={{ alignItems: { sm: 'flex-start' } }}
                  >
                    <Controller
                      name={`overrides.${index}.user_id`}
                      control={form.control}
                      render={({ field }) => (
                        <TextField
                          select
                          label={t('callOut.rosters.overrideUser')}
                          value={field.value}
                          onChange={field.onChange}
                          error={Boolean(rowErrors?.user_id)}
                          sx={{ minWidth: 180, flex: 1 }}
                        >
                          {people.users.map((u) => (
                            <MenuItem key={u.id} value={u.id}>
                              {label(u)}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                    <TextField
                      {...form.register(`overrides.${index}.from`)}
                      type="datetime-local"
                      label={t('callOut.rosters.overrideFrom')}
                      slotProps={{ inputLabel: { shrink: true } }}
                      error={Boolean(rowErrors?.from)}
                      helperText={message(rowErrors?.from?.message)}
                      sx={{ flex: 1 }}
                    />
                    <TextField
                      {...form.register(`overrides.${index}.to`)}
                      type="datetime-local"
                      label={t('callOut.rosters.overrideTo')}
                      slotProps={{ inputLabel: { shrink: true } }}
                      error={Boolean(rowErrors?.to)}
                      helperText={message(rowErrors?.to?.message)}
                      sx={{ flex: 1 }}
                    />
                    <IconButton
                      onClick={() => overrides.remove(index)}
                      aria-label={t('callOut.rosters.removeOverride', { n: index + 1 })}
                      sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                );
              })}
            </Stack>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => {
                const start = form.getValues('starts_at');
                overrides.append({ user_id: form.getValues('members')[0] ?? '', from: start, to: start });
              }}
              sx={{ mt: 1 }}
            >
              {t('callOut.rosters.addOverride')}
            </Button>
          </Box>
          {save.isError && (
            <Alert severity="error" role="alert">
              {refusalText(save.error, t('callOut.rosters.saveFailed'))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel={t('actions.save')} pending={save.isPending} onCancel={onClose} />
    </Box>
  );
}
