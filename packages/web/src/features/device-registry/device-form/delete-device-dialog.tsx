import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import type { EntityTypeName } from '../../../api/registry.ts';
import { useDialogSubject } from '../../../components/dialogs/use-dialog-subject.ts';
import { useDecommissionDevice, useDeleteDevice } from '../model/use-device-mutations.ts';

export interface DeleteSubject {
  kind: EntityTypeName;
  id: string;
  title: string;
  decommissioned: boolean;
}

/**
 * Deleting a device, once confirmed. A device that readings, cards or cross sections use is refused
 * (409) with the server's words naming where; decommissioning it is then offered instead.
 */
export function DeleteDeviceDialog({
  subject,
  onClose,
  onDeleted,
}: {
  subject: DeleteSubject | null;
  onClose(): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const shown = useDialogSubject(subject);
  const remove = useDeleteDevice();
  const decommission = useDecommissionDevice();
  const device = shown?.subject;
  const refusal = remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.message : null;
  const close = () => {
    remove.reset();
    decommission.reset();
    onClose();
  };
  return (
    <Dialog open={Boolean(subject)} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('delete.title', { title: device?.title })}</DialogTitle>
      <DialogContent>
        {refusal ? (
          <Alert severity="warning" role="alert">
            {t('delete.refused', { reason: refusal })}
          </Alert>
        ) : (
          <DialogContentText>{t('delete.body')}</DialogContentText>
        )}
        {remove.isError && !refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('delete.failed')}
          </Alert>
        )}
        {decommission.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('delete.decommissionFailed')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('actions.cancel')}</Button>
        {refusal && device && !device.decommissioned ? (
          <Button
            variant="contained"
            disabled={decommission.isPending}
            startIcon={decommission.isPending ? <CircularProgress size={16} /> : undefined}
            onClick={() =>
              decommission.mutate(device, {
                onSuccess: () => {
                  enqueueSnackbar(t('delete.decommissioned', { title: device.title }), { variant: 'success' });
                  close();
                },
              })
            }
          >
            {t('actions.decommission')}
          </Button>
        ) : (
          !refusal &&
          device && (
            <Button
              color="error"
              variant="contained"
              disabled={remove.isPending}
              startIcon={remove.isPending ? <CircularProgress size={16} /> : undefined}
              onClick={() =>
                remove.mutate(device, {
                  onSuccess: () => {
                    enqueueSnackbar(t('delete.deleted', { title: device.title }), { variant: 'success' });
                    remove.reset();
                    onDeleted();
                  },
                })
              }
            >
              {t('actions.delete')}
            </Button>
          )
        )}
      </DialogActions>
    </Dialog>
  );
}
