import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REGISTER_MAX_BYTES, type RegisterImportAnswer } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { FileDrop } from '../../../components/file-drop/file-drop.tsx';
import { registerApi } from '../api/register-api.ts';
import { ImportPreview } from './import-preview.tsx';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/**
 * A register brought in: the file is checked by a dry run first, whose preview shows each row as new,
 * changed or unchanged and every error with its row and column; Import stays disabled while any error
 * remains, and nothing is written until it is pressed.
 */
export function RegisterImportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { titleId, contentKey, dialogProps } = useFormDialog();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" {...dialogProps}>
      <ImportSteps key={contentKey} titleId={titleId} onClose={onClose} />
    </Dialog>
  );
}

function ImportSteps({ titleId, onClose }: { titleId: string; onClose(): void }) {
  const { t } = useTranslation('deviceRegistry');
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const dryRun = useMutation({ mutationFn: (chosen: File) => registerApi.import(chosen, true) });
  const run = useMutation({
    mutationFn: (chosen: File) => registerApi.import(chosen, false),
    onSettled: () => client.invalidateQueries({ queryKey: ['registry'] }),
  });
  const choose = (chosen: File) => {
    setFile(chosen);
    run.reset();
    dryRun.mutate(chosen);
  };
  const preview = dryRun.data;
  const result = run.data && run.data.errors.length === 0 ? run.data : null;
  const blocking = (run.data ?? preview)?.errors.length ?? 0;
  const failure = dryRun.error ?? run.error;
  return (
    <>
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent dividers>
        {result ? (
          <Alert severity="success" role="status">
            <AlertTitle>{t('import.done')}</AlertTitle>
            {t('import.doneBody', { created: result.created, updated: result.updated, unchanged: result.unchanged })}
          </Alert>
        ) : (
          <>
            <RegisterDrop file={file} onFile={choose} busy={dryRun.isPending || run.isPending} />
            {(dryRun.isPending || run.isPending) && (
              <LinearProgress sx={{ mt: 2 }} aria-label={t(run.isPending ? 'import.importing' : 'import.checking')} />
            )}
            {failure && <ImportFailure error={failure} />}
            {(run.data ?? preview) && !dryRun.isPending && (
              <Box sx={{ mt: 2 }}>
                <ImportPreview answer={(run.data ?? preview) as RegisterImportAnswer} />
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(result ? 'actions.close' : 'actions.cancel')}</Button>
        {!result && (
          <Button
            variant="contained"
            disabled={!file || !preview || blocking > 0 || dryRun.isPending || run.isPending}
            onClick={() => file && run.mutate(file)}
          >
            {t('import.run', { count: preview?.rows ?? 0 })}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

function RegisterDrop({ file, onFile, busy }: { file: File | null; onFile(file: File): void; busy: boolean }) {
  const { t } = useTranslation('deviceRegistry');
  return (
    <FileDrop
      label={t('import.fileLabel')}
      title={file ? file.name : t('import.drop')}
      hint={file ? t('import.another') : t('import.dropHint')}
      browse={t('import.browse')}
      refused={t('import.refusedFile')}
      accept={ACCEPT}
      maxSize={REGISTER_MAX_BYTES}
      disabled={busy}
      onFiles={([chosen]) => chosen && onFile(chosen)}
    />
  );
}

function ImportFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('deviceRegistry');
  const known = error instanceof ApiError && error.status < 500;
  return (
    <Alert severity="error" role="alert" sx={{ mt: 2 }}>
      <AlertTitle>{t('import.failed')}</AlertTitle>
      {known ? error.message : t('form.tryAgain')}
    </Alert>
  );
}
