import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { quietHoursSchema, type Contact, type QuietHours } from '@vigil/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { browserTimeZone, TimeZoneField } from '../../../components/forms/time-zone-field.tsx';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { contactMessage } from './contact-messages.ts';
import { useContacts } from './use-contacts.ts';

/** The hours a contact is not called for warnings, in its own time zone; critical alarms always get through. */
export function QuietHoursDialog({ contact, onClose }: { contact: Contact | null; onClose(): void }) {
  return (
    <SubjectDialog subject={contact} onClose={onClose} maxWidth="xs" fullScreenOnPhone>
      {(shown, titleId) => <QuietHoursForm contact={shown} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

function QuietHoursForm({ contact, titleId, onClose }: { contact: Contact; titleId: string; onClose(): void }) {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const { setQuietHours } = useContacts();
  const form = useForm<QuietHours>({
    resolver: zodResolver(quietHoursSchema),
    defaultValues: contact.quiet_hours ?? { from: '22:00', to: '06:00', timezone: browserTimeZone() },
  });
  const { errors } = form.formState;
  const save = (quietHours: QuietHours | null) =>
    setQuietHours.mutate(
      { id: contact.id, quietHours },
      {
        onSuccess: () => {
          enqueueSnackbar(t(quietHours ? 'contacts.quiet.saved' : 'contacts.quiet.removed'), { variant: 'success' });
          onClose();
        },
      },
    );
  const submit = form.handleSubmit((values) => save(values));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{t('contacts.quiet.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('contacts.quiet.intro', { address: contact.address })}
        </DialogContentText>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('contacts.quiet.critical')}
        </Alert>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <TextField
              {...form.register('from')}
              type="time"
              label={t('contacts.quiet.from')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.from)}
              helperText={contactMessage(t, errors.from?.message)}
            />
            <TextField
              {...form.register('to')}
              type="time"
              label={t('contacts.quiet.to')}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(errors.to)}
              helperText={contactMessage(t, errors.to?.message)}
            />
          </Stack>
          <Controller
            name="timezone"
            control={form.control}
            render={({ field }) => (
              <TimeZoneField label={t('contacts.quiet.timezone')} value={field.value} onChange={field.onChange} />
            )}
          />
          {setQuietHours.isError && (
            <Alert severity="error" role="alert">
              {refusalText(setQuietHours.error, t('contacts.quiet.failed'))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {contact.quiet_hours && (
          <Button color="error" onClick={() => save(null)} disabled={setQuietHours.isPending} sx={{ mr: 'auto' }}>
            {t('contacts.quiet.remove')}
          </Button>
        )}
        <Button onClick={onClose} disabled={setQuietHours.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={setQuietHours.isPending}>
          {t('actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
