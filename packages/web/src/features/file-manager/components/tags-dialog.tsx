import { Alert, Autocomplete, Chip, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { MediaFile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryTags } from '../model/library.ts';
import { failureText } from '../model/media-text.ts';
import { useFileMutations } from '../model/use-file-mutations.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';

interface TagsDialogProps {
  file: MediaFile | null;
  /** the library, whose tags are offered */
  files: readonly MediaFile[];
  onClose(): void;
}

/** A file's tags: chosen from the library's or typed anew. */
export function TagsDialog({ file, files, onClose }: TagsDialogProps) {
  return (
    <SubjectDialog subject={file} onClose={onClose} maxWidth="sm">
      {(shown, titleId) => <TagsForm file={shown} files={files} titleId={titleId} onClose={onClose} />}
    </SubjectDialog>
  );
}

const unique = (tags: string[]) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];

function TagsForm({ file, files, titleId, onClose }: TagsDialogProps & { file: MediaFile; titleId: string }) {
  const { t } = useTranslation('fileManager');
  const { enqueueSnackbar } = useSnackbar();
  const { update } = useFileMutations();
  const options = useMemo(() => libraryTags(files), [files]);
  const [tags, setTags] = useState<string[]>(file.tags);
  const [typing, setTyping] = useState('');

  const submit = () =>
    // A tag typed but not yet entered counts: nobody expects Save to drop it.
    update.mutate(
      { id: file.id, body: { tags: unique([...tags, typing]) } },
      {
        onSuccess: () => {
          enqueueSnackbar(t('tags.done', { label: file.label }), { variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('tags.title', { label: file.label })}
      </DialogTitle>
      <DialogContent>
        {update.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failureText(t, 'addFailed', update.error)}
          </Alert>
        )}
        <Autocomplete
          multiple
          freeSolo
          options={options}
          value={tags}
          inputValue={typing}
          onInputChange={(_, value) => setTyping(value)}
          onChange={(_, value) => setTags(unique(value))}
          renderValue={(values, getItemProps) =>
            values.map((tag, index) => <Chip {...getItemProps({ index })} key={tag} size="small" label={tag} />)
          }
          renderInput={(params) => (
            <TextField {...params} autoFocus margin="dense" label={t('tags.label')} helperText={t('tags.hint')} />
          )}
        />
      </DialogContent>
      <FormDialogActions submitLabel={t('tags.submit')} pending={update.isPending} onCancel={onClose} />
    </form>
  );
}
