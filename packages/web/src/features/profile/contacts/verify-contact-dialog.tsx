import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { contactVerifyBody, VERIFICATION_CODE_MINUTES, type Contact } from '@vigil/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { contactMessage } from './contact-messages.ts';
import { useContacts } from './use-contacts.ts';

/** Entering the six-digit code sent to a contact, or asking for a new one. */
export function VerifyContactDialog({ contact, onClose }: { contact: Contact | null; onClose(): void }) {
  return (
    <SubjectDialog subject={contact} onClose={onClose} maxWidth="xs" fullScreenOnPhone>
      {(shown, titleId) => <CodeForm contact={shown} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

function CodeForm({ contact, titleId, onClose }: { contact: Contact; titleId: string; onClose(): void }) {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const { verify, sendCode } = useContacts();
  const form = useForm<{ code: string }>({ resolver: zodResolver(contactVerifyBody), defaultValues: { code: '' } });
  const error = form.formState.errors.code;
  const submit = form.handleSubmit(({ code }) =>
    verify.mutate(
      { id: contact.id, code },
      {
        onSuccess: () => {
          enqueueSnackbar(t('contacts.verified', { address: contact.address }), { variant: 'success' });
          onClose();
        },
      },
    ),
  );
  const resend = () =>
    sendCode.mutate(contact.id, {
      onSuccess: () => {
        verify.reset();
        enqueueSnackbar(t('contacts.codeSent', { address: contact.address }), { variant: 'info' });
      },
    });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{t('contacts.verifyTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t(`contacts.verifyIntro.${contact.kind}`, { address: contact.address, minutes: VERIFICATION_CODE_MINUTES })}
        </DialogContentText>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            {...form.register('code')}
            label={t('contacts.code')}
            required
            autoFocus
            fullWidth
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            error={Boolean(error)}
            helperText={contactMessage(t, error?.message) ?? t('contacts.codeHint')}
          />
          <Button onClick={resend} loading={sendCode.isPending} disabled={verify.isPending}>
            {t('contacts.sendAgain')}
          </Button>
          {verify.isError && (
            <Alert severity="error" role="alert">
              {verify.error instanceof ApiError && verify.error.status < 500
                ? t('contacts.wrongCode')
                : t('contacts.verifyFailed')}
            </Alert>
          )}
          {sendCode.isError && (
            <Alert severity="error" role="alert">
              {t('contacts.sendFailed')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel={t('contacts.verify')} pending={verify.isPending} onCancel={onClose} />
    </Box>
  );
}
