import AddOutlined from '@mui/icons-material/AddOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { Contact } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { AddContactDialog } from './add-contact-dialog.tsx';
import { ContactKindIcon } from './contact-kind-icon.tsx';
import { QuietHoursDialog } from './quiet-hours-dialog.tsx';
import { useContacts } from './use-contacts.ts';
import { VerifyContactDialog } from './verify-contact-dialog.tsx';

/**
 * The profile's contacts (issue 38): where alarms reach the user off-site (e-mail, mobile for SMS and
 * voice, webhooks), each verified with a code before use, with quiet hours for warnings.
 */
export function ContactsSection() {
  const { t } = useTranslation('profile');
  const { list, remove } = useContacts();
  const [adding, setAdding] = useState(false);
  const [verifying, setVerifying] = useState<Contact | null>(null);
  const [quiet, setQuiet] = useState<Contact | null>(null);
  const removing = useConfirmedMutation<Contact>({
    mutation: remove,
    done: (contact) => t('contacts.deleted', { address: contact.address }),
  });
  return (
    <Box>
      <LoadedList query={list} loadingLabel={t('contacts.loading')} rowHeight={72} failed={t('contacts.loadFailed')}>
        {(contacts) =>
          contacts.length === 0 ? (
            <EmptyState
              icon={<ContactPhoneOutlined />}
              title={t('contacts.emptyTitle')}
              hint={t('contacts.emptyHint')}
            />
          ) : (
            <Stack component="ul" spacing={1} aria-label={t('contacts.label')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {contacts.map((contact) => (
                <ContactRow
                  key={contact.id}
                  contact={contact}
                  onVerify={() => setVerifying(contact)}
                  onQuietHours={() => setQuiet(contact)}
                  onDelete={() => removing.ask(contact)}
                />
              ))}
            </Stack>
          )
        }
      </LoadedList>
      <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setAdding(true)} sx={{ mt: 2 }}>
        {t('contacts.add')}
      </Button>
      <AddContactDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(contact) => {
          setAdding(false);
          setVerifying(contact);
        }}
      />
      <VerifyContactDialog contact={verifying} onClose={() => setVerifying(null)} />
      <QuietHoursDialog contact={quiet} onClose={() => setQuiet(null)} />
      <ConfirmDialog
        {...removing.dialogProps}
        title={t('contacts.deleteTitle')}
        body={t('contacts.deleteBody', { address: removing.subject?.address ?? '' })}
        confirmLabel={t('contacts.delete')}
        failure={remove.error ? refusalText(remove.error, t('contacts.deleteFailed')) : null}
      />
    </Box>
  );
}

function ContactRow({
  contact,
  onVerify,
  onQuietHours,
  onDelete,
}: {
  contact: Contact;
  onVerify(): void;
  onQuietHours(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('profile');
  const quiet = contact.quiet_hours;
  return (
    <Paper component="li" variant="outlined" aria-label={contact.address} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <ContactKindIcon kind={contact.kind} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {t(`contacts.kinds.${contact.kind}`)}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{contact.address}</Typography>
          <Typography variant="body2" color="text.secondary">
            {quiet
              ? t('contacts.quiet.shown', { from: quiet.from, to: quiet.to, timezone: quiet.timezone })
              : t('contacts.quiet.none')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {contact.verified_at ? (
              <Chip size="small" color="success" variant="outlined" label={t('contacts.isVerified')} />
            ) : (
              <>
                <Chip size="small" color="warning" variant="outlined" label={t('contacts.notVerified')} />
                <Button size="small" onClick={onVerify}>
                  {t('contacts.enterCode')}
                </Button>
              </>
            )}
            <Button size="small" onClick={onQuietHours}>
              {t('contacts.quiet.edit')}
            </Button>
          </Stack>
        </Box>
        <Tooltip title={t('contacts.delete')}>
          <IconButton onClick={onDelete} aria-label={t('contacts.deleteNamed', { address: contact.address })}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
