import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { Calibration } from '@vigil/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { SaveError } from '../../../components/forms/save-error.tsx';
import { useChangeCalibration } from '../api/calibrations-api.ts';
import {
  bodyOfCalibrationForm,
  calibrationFormSchema,
  formOfCalibration,
  newCalibrationForm,
  patchOfCalibrationForm,
  type CalibrationFormValues,
} from '../model/calibration-form.ts';
import { CertificateField } from './certificate-field.tsx';
import { FactorRows } from './factor-rows.tsx';

/** A new calibration (starting from the newest one's factors), or a change of one. */
export type CalibrationDialogSubject =
  { mode: 'create'; newest: Calibration | undefined } | { mode: 'edit'; calibration: Calibration };

export function CalibrationDialog({
  instrumentId,
  subject,
  onClose,
  onSaved,
}: {
  instrumentId: string;
  subject: CalibrationDialogSubject | null;
  onClose(): void;
  /** with the id whose recomputation follows */
  onSaved(id: string): void;
}) {
  const { titleId, contentKey, dialogProps } = useFormDialog();
  return (
    <Dialog open={subject !== null} onClose={onClose} fullWidth maxWidth="sm" {...dialogProps}>
      {subject && (
        <CalibrationForm
          key={contentKey}
          titleId={titleId}
          instrumentId={instrumentId}
          subject={subject}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}

function CalibrationForm({
  titleId,
  instrumentId,
  subject,
  onClose,
  onSaved,
}: {
  titleId: string;
  instrumentId: string;
  subject: CalibrationDialogSubject;
  onClose(): void;
  onSaved(id: string): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const initial = useMemo(
    () =>
      subject.mode === 'edit' ? formOfCalibration(subject.calibration) : newCalibrationForm(subject.newest, new Date()),
    [subject],
  );
  const form = useForm<CalibrationFormValues>({ resolver: zodResolver(calibrationFormSchema), defaultValues: initial });
  const change = useChangeCalibration(instrumentId);
  const errors = form.formState.errors;
  const message = (key: string | undefined) => (key ? t(`calibrations.errors.${key}`) : undefined);
  const duplicate = change.error instanceof ApiError && change.error.status === 409;

  const submit = form.handleSubmit((values) => {
    if (subject.mode === 'create')
      return change.mutate({ action: 'create', body: bodyOfCalibrationForm(values) }, { onSuccess: onSaved });
    const patch = patchOfCalibrationForm(initial, values);
    if (!Object.keys(patch).length) return onClose();
    change.mutate({ action: 'update', id: subject.calibration.id, body: patch }, { onSuccess: onSaved });
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>
        {t(subject.mode === 'create' ? 'calibrations.addTitle' : 'calibrations.editTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            {...form.register('effectiveFrom')}
            type="datetime-local"
            label={t('calibrations.effectiveFrom')}
            required
            error={Boolean(errors.effectiveFrom) || duplicate}
            helperText={
              message(errors.effectiveFrom?.message) ??
              (duplicate ? t('calibrations.errors.duplicate') : t('calibrations.effectiveFromHint'))
            }
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FactorRows form={form} message={message} />
          <TextField
            {...form.register('serialNumber')}
            label={t('calibrations.serialNumber')}
            error={Boolean(errors.serialNumber)}
            helperText={message(errors.serialNumber?.message)}
          />
          <Controller
            name="certificateFileId"
            control={form.control}
            render={({ field }) => <CertificateField value={field.value} onChange={field.onChange} />}
          />
          <TextField
            {...form.register('notes')}
            label={t('calibrations.notes')}
            multiline
            minRows={2}
            error={Boolean(errors.notes)}
            helperText={message(errors.notes?.message)}
          />
          {duplicate && (
            <Alert severity="error" role="alert">
              {t('calibrations.errors.duplicate')}
            </Alert>
          )}
          {change.isError && !duplicate && (
            <SaveError
              error={change.error}
              title={t('calibrations.saveFailed')}
              fallback={t('form.tryAgain')}
              fieldName={(field) =>
                field.startsWith('factors.')
                  ? t('calibrations.fields.factor', { name: field.slice('factors.'.length) })
                  : t(`calibrations.fields.${field}`, { defaultValue: field })
              }
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t(subject.mode === 'create' ? 'calibrations.addSubmit' : 'actions.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
