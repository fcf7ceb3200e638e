import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Asks before a page and the pages under it are deleted. */
export function DeletePageDialog({
  title,
  busy,
  onDelete,
  onClose,
}: {
  title: string;
  busy: boolean;
  onDelete(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('editor.deletePage')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('editor.deleteConfirm', { title })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onDelete}>
          {t('editor.deletePage')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
