import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Box,
  Chip,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { JournalEntry, MediaFile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { DeviceChoice } from '../../../api/registry.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { FilePreview } from '../../../components/media/file-preview.tsx';
import {
  changedFields,
  cleanTags,
  createBody,
  entryFormSchema,
  entryFormValues,
  type EntryFormValues,
} from '../model/entry-form.ts';
import { fieldErrorText } from '../model/field-errors.ts';
import { useJournalMutations } from '../model/use-journal-mutations.ts';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

/** A new entry of a journal, or an entry to edit. */
export type EntryDialogSubject = { kind: 'create'; journalId: string } | { kind: 'edit'; entry: JournalEntry };

interface EntryDialogProps {
  subject: EntryDialogSubject | null;
  devices: readonly DeviceChoice[];
  files: readonly MediaFile[];
  /** tags used in the journal, offered as the user types */
  tags: readonly string[];
  onClose(): void;
}

/** Writes or edits an entry: title, when it happened, text, tags, devices and attachments from the file library. */
export function EntryDialog({ subject, onClose, ...options }: EntryDialogProps) {
  return (
    <SubjectDialog subject={subject} onClose={onClose} maxWidth="md" fullScreenOnPhone>
      {(shown, titleId) => <EntryForm subject={shown} titleId={titleId} onClose={onClose} {...options} />}
    </SubjectDialog>
  );
}

const SERVER_FIELDS: Record<string, keyof EntryFormValues> = {
  title: 'title',
  text: 'text',
  occurred_at: 'occurredAt',
  tags: 'tags',
  monitored_entity_ids: 'deviceIds',
  attachments: 'attachmentIds',
};

function EntryForm({
  subject,
  titleId,
  devices,
  files,
  tags,
  onClose,
}: Omit<EntryDialogProps, 'subject'> & { subject: EntryDialogSubject; titleId: string }) {
  const { t } = useTranslation('journal');
  const { enqueueSnackbar } = useSnackbar();
  const { createEntry, patchEntry } = useJournalMutations();
  const entry = subject.kind === 'edit' ? subject.entry : null;
  const defaults = useMemo(() => entryFormValues(entry, new Date()), [entry]);
  const form = useForm<EntryFormValues>({ resolver: zodResolver(entryFormSchema), defaultValues: defaults });
  const mutation = entry ? patchEntry : createEntry;
  const deviceById = useMemo(() => new Map(devices.map((d) => [d.id, d])), [devices]);
  const fileById = useMemo(() => new Map(files.map((f) => [f.id, f])), [files]);

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    for (const [name, messages] of Object.entries(error.details ?? {})) {
      const field = SERVER_FIELDS[name.split('.')[0]!];
      if (field) form.setError(field, { type: 'server', message: messages[0] });
    }
  };
  const submit = form.handleSubmit((values) => {
    const saved = (kept: JournalEntry) => {
      enqueueSnackbar(t(entry ? 'entry.saved' : 'entry.created', { title: kept.title }), { variant: 'success' });
      onClose();
    };
    if (!entry)
      return createEntry.mutate(createBody(subject.kind === 'create' ? subject.journalId : '', values), {
        onSuccess: saved,
        onError,
      });
    const body = changedFields(entry, values);
    if (!body) return onClose();
    patchEntry.mutate({ id: entry.id, body }, { onSuccess: saved, onError });
  });
  const error = (name: keyof EntryFormValues) =>
    fieldErrorText(t, form.formState.errors[name] as { type?: string; message?: string } | undefined);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{t(entry ? 'entry.editTitle' : 'entry.createTitle')}</DialogTitle>
      <DialogContent dividers>
        {mutation.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {mutation.error instanceof ApiError && mutation.error.isForbidden
              ? t('messages.forbidden')
              : t('messages.saveFailed')}
          </Alert>
        )}
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...form.register('title')}
              autoFocus
              required
              label={t('fields.title')}
              error={Boolean(error('title'))}
              helperText={error('title') ?? ' '}
              sx={{ flex: 2 }}
            />
            <TextField
              {...form.register('occurredAt')}
              type="datetime-local"
              required
              label={t('fields.occurred_at')}
              error={Boolean(error('occurredAt'))}
              helperText={error('occurredAt') ?? ' '}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            {...form.register('text')}
            multiline
            minRows={4}
            label={t('fields.text')}
            error={Boolean(error('text'))}
            helperText={error('text') ?? ' '}
          />
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <Autocomplete<string, true, false, true>
                multiple
                freeSolo
                // a tag typed but not entered counts: nobody expects Save to drop it
                autoSelect
                options={tags as string[]}
                value={field.value}
                onChange={(_, value) => field.onChange(cleanTags(value))}
                renderValue={(values, getItemProps) =>
                  values.map((tag, index) => <Chip {...getItemProps({ index })} key={tag} size="small" label={tag} />)
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('fields.tags')}
                    helperText={error('tags') ?? t('entry.tagsHint')}
                    error={Boolean(error('tags'))}
                  />
                )}
              />
            )}
          />
          <Controller
            control={form.control}
            name="deviceIds"
            render={({ field }) => (
              <DevicePicker
                multiple
                devices={devices}
                value={field.value.map((id) => deviceById.get(id)).filter((d): d is DeviceChoice => Boolean(d))}
                onChange={(value) => field.onChange(value.map((d) => d.id))}
                filterSelectedOptions
                detail={(d) => d.eid}
                label={t('fields.monitored_entity_ids')}
                helperText={error('deviceIds') ?? ' '}
              />
            )}
          />
          <Controller
            control={form.control}
            name="attachmentIds"
            render={({ field }) => (
              <Autocomplete<MediaFile, true>
                multiple
                options={files as MediaFile[]}
                value={field.value.map((id) => fileById.get(id)).filter((f): f is MediaFile => Boolean(f))}
                onChange={(_, value) => field.onChange(value.map((f) => f.id))}
                getOptionLabel={(f) => f.label}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                filterSelectedOptions
                noOptionsText={t('entry.noFiles')}
                renderOption={({ key, ...props }, f) => (
                  <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
                    <Box sx={{ width: 48, flex: 'none' }}>
                      <FilePreview file={f} size={36} alt="" />
                    </Box>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" noWrap>
                        {f.label}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" noWrap component="p">
                        {f.original_filename}
                      </Typography>
                    </Box>
                  </Box>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('fields.attachments')}
                    helperText={error('attachmentIds') ?? t('entry.attachmentsHint')}
                  />
                )}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions
        submitLabel={t(entry ? 'actions.save' : 'actions.create')}
        pending={mutation.isPending}
        onCancel={onClose}
        sx={{ px: 3, py: 1.5 }}
      />
    </Box>
  );
}
