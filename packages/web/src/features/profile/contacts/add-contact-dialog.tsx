import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Dialog, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { CONTACT_KINDS, contactCreateBody, type Contact, type ContactCreateBody } from '@vigil/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { contactMessage } from './contact-messages.ts';
import { useContacts } from './use-contacts.ts';

const EMPTY: ContactCreateBody = { kind: 'email', address: '' };

/** A new contact: its kind and address, checked as the server checks them; a code is sent to it once added. */
export function AddContactDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose(): void;
  onAdded(contact: Contact): void;
}) {
  const { titleId, contentKey, dialogProps } = useFormDialog();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" {...dialogProps}>
      <ContactForm key={contentKey} titleId={titleId} onClose={onClose} onAdded={onAdded} />
    </Dialog>
  );
}

function ContactForm({ titleId, onClose, onAdded }: { titleId: string; onClose(): void; onAdded(c: Contact): void }) {
  const { t } = useTranslation('profile');
  const { add } = useContacts();
  const form = useForm<ContactCreateBody>({ resolver: zodResolver(contactCreateBody), defaultValues: EMPTY });
  const kind = form.watch('kind');
  const error = form.formState.errors.address;
  const submit = form.handleSubmit((body) => add.mutate(body, { onSuccess: onAdded }));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{t('contacts.addTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('contacts.addIntro')}</DialogContentText>
        <Stack spacing={2}>
          <Controller
            name="kind"
            control={form.control}
            render={({ field }) => (
              <ChoiceField
                label={t('contacts.kind')}
                value={field.value}
                choices={CONTACT_KINDS}
                choiceLabel={(k) => t(`contacts.kinds.${k}`)}
                onChange={field.onChange}
              />
            )}
          />
          <TextField
            {...form.register('address')}
            label={t(`contacts.addressOf.${kind}`)}
            required
            autoFocus
            type={kind === 'email' ? 'email' : kind === 'webhook' ? 'url' : 'tel'}
            error={Boolean(error)}
            helperText={contactMessage(t, error?.message) ?? t(`contacts.addressHint.${kind}`)}
          />
          {add.isError && (
            <Alert severity="error" role="alert">
              {refusalText(add.error, t('contacts.addFailed'))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel={t('contacts.addSubmit')} pending={add.isPending} onCancel={onClose} />
    </Box>
  );
}
