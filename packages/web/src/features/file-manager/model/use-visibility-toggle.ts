import { isPublicMedia, type MediaFile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { failureText } from './media-text.ts';
import { useFileMutations } from './use-file-mutations.ts';
import { visibilityChange } from './visibility.ts';

/** Makes a file public or private at once, saying which it now is (or why it could not). */
export function useVisibilityToggle() {
  const { t } = useTranslation('fileManager');
  const { enqueueSnackbar } = useSnackbar();
  const { update } = useFileMutations();
  return (file: MediaFile) =>
    update.mutate(
      { id: file.id, body: visibilityChange(file) },
      {
        onSuccess: (saved) =>
          enqueueSnackbar(
            t(isPublicMedia(saved.attrs) ? 'visibility.public' : 'visibility.private', { label: saved.label }),
            { variant: 'success' },
          ),
        onError: (error) => enqueueSnackbar(failureText(t, 'addFailed', error), { variant: 'error' }),
      },
    );
}
