import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { LOCALES } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessage } from './domain-message.ts';
import { LOCALE_NAMES } from './locale-names.ts';
import {
  profileChanges,
  profileFormSchema,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profile-form-values.ts';
import { useSaveProfile } from './use-save-profile.ts';

/** Whether the browser history holds an earlier page of this application to go back to. */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** The editable name and language; Save is enabled only once something changed. */
export function ProfileForm({ initial }: { initial: ProfileFormValues }) {
  const { t, i18n } = useTranslation('profile');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveProfile();
  const form = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const { ref: nameRef, ...name } = form.register('name');

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(profileChanges(initial, values));
      form.reset(values);
      // i18n.t, not t: the message is in the language just chosen, not the one this render had.
      enqueueSnackbar(i18n.t('profile:saved'), { variant: 'success' });
    } catch {
      // requirements#shell-errors: an error toast, the form back to what was stored, and one step back.
      enqueueSnackbar(t('saveError'), { variant: 'error' });
      form.reset(initial);
      // Opened straight from an address, "back" would leave the application: go home instead.
      void (canGoBack() ? navigate(-1) : navigate('/gohome', { replace: true }));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('sections.personal')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...name}
          inputRef={nameRef}
          label={t('fields.name')}
          autoComplete="given-name"
          required
          error={Boolean(errors.name)}
          helperText={translateMessage(t, errors.name?.message) || t('fields.nameHelp')}
        />
        <Controller
          control={form.control}
          name="locale"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.locale')}
              helperText={t('fields.localeHelp')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
            >
              {LOCALES.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button disabled={!isDirty || save.isPending} onClick={() => form.reset(initial)}>
          {t('actions.discard')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('actions.save')}
        </Button>
      </Stack>
    </Box>
  );
}
