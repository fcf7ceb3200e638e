import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { CrossSection } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { useSectionMutations } from '../model/use-section-mutations.ts';

/** Deleting a section, after asking: its drawing and sensor placings go; the devices and their readings stay. */
export function DeleteSectionDialog({
  open,
  section,
  onClose,
}: {
  open: boolean;
  section: Pick<CrossSection, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['crossSections', 'common']);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { remove } = useSectionMutations();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('delete.title', { name: section.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('delete.body')}</DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('delete.failed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(section.id, {
              onSuccess: () => {
                enqueueSnackbar(t('delete.done', { name: section.name }), { variant: 'success' });
                navigate(crossSectionPath());
              },
            })
          }
        >
          {t('common:actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
