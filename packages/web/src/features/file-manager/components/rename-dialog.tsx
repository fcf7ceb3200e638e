import { Alert, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { MediaFile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { isNameTaken } from '../model/library.ts';
import { failureText, mediaText } from '../model/media-text.ts';
import { useFileMutations } from '../model/use-file-mutations.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';

interface RenameDialogProps {
  file: MediaFile | null;
  /** the library, for the check that no other file bears the new name */
  files: readonly MediaFile[];
  onClose(): void;
}

/** Renames a file (its label); a name another file bears is refused, here or by the service. */
export function RenameDialog({ file, files, onClose }: RenameDialogProps) {
  return (
    <SubjectDialog subject={file} onClose={onClose} maxWidth="xs">
      {(shown, titleId) => <RenameForm file={shown} files={files} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

function RenameForm({ file, files, titleId, onClose }: RenameDialogProps & { file: MediaFile; titleId: string }) {
  const { t } = useTranslation('fileManager');
  const { enqueueSnackbar } = useSnackbar();
  const { update } = useFileMutations();
  const [label, setLabel] = useState(file.label);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    const wanted = label.trim();
    setFailure(null);
    if (!wanted) return setFieldError(t('rename.required'));
    if (isNameTaken(files, file.id, wanted)) return setFieldError(mediaText(t, 'duplicateName'));
    if (wanted === file.label) return onClose();
    update.mutate(
      { id: file.id, body: { label: wanted } },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(t('rename.done', { label: saved.label }), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setFieldError(mediaText(t, 'duplicateName'));
          else setFailure(failureText(t, 'addFailed', error));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogTitle id={titleId}>{t('rename.title')}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('rename.label')}
          value={label}
          onChange={(event) => {
            setLabel(event.target.value);
            setFieldError(null);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? file.original_filename}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      </DialogContent>
      <FormDialogActions submitLabel={t('rename.submit')} pending={update.isPending} onCancel={onClose} />
    </form>
  );
}
