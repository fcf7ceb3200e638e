import { Button, DialogActions, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The buttons closing a dialog's form: Cancel (idle while saving) and the submit button, busy while saving. */
export function FormDialogActions({
  submitLabel,
  pending,
  onCancel,
  sx = { px: 3, pb: 2 },
}: {
  submitLabel: string;
  pending: boolean;
  onCancel(): void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={sx}>
      <Button onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
