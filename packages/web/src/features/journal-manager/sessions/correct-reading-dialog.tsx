import { Alert, DialogContent, DialogContentText, DialogTitle, InputAdornment, Stack, TextField } from '@mui/material';
import { manualReadingCorrectionBody, type ManualReading, type SchemeObject } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormDialogActions } from '../../../components/dialogs/form-dialog-actions.tsx';
import { SubjectDialog } from '../../../components/dialogs/subject-dialog.tsx';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';
import { useJournalMutations } from '../model/use-journal-mutations.ts';

interface CorrectReadingDialogProps {
  reading: ManualReading | null;
  /** the reading's device, for the title */
  subject: string;
  scheme: SchemeObject | undefined;
  onClose(): void;
}

/** Corrects a manual reading's values, with the reason (required); the old values stay in its history. */
export function CorrectReadingDialog({ reading, onClose, ...rest }: CorrectReadingDialogProps) {
  return (
    <SubjectDialog subject={reading} onClose={onClose} maxWidth="sm">
      {(shown, titleId) => <CorrectForm reading={shown} titleId={titleId} onClose={onClose} {...rest} />}
    </SubjectDialog>
  );
}

function CorrectForm({
  reading,
  subject,
  scheme,
  titleId,
  onClose,
}: Omit<CorrectReadingDialogProps, 'reading'> & { reading: ManualReading; titleId: string }) {
  const { t } = useTranslation('journal');
  const { enqueueSnackbar } = useSnackbar();
  const { correctReading } = useJournalMutations();
  // the scheme's raw metrics, and any key the reading holds that the scheme no longer names
  const declared = scheme?.spec.metrics.raw_metrics ?? [];
  const metrics = [
    ...declared,
    ...Object.keys(reading.raw_metrics)
      .filter((key) => !declared.some((m) => m.key === key))
      .map((key) => ({ key, label: key, unit: '' })),
  ];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(metrics.map((m) => [m.key, reading.raw_metrics[m.key]?.toString() ?? ''])),
  );
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const parsed = Object.fromEntries(metrics.map((m) => [m.key, parseTypedNumber(values[m.key])]));
  const numbers = Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, number] => e[1] !== null && Number.isFinite(e[1])),
  );
  const body = { raw_metrics: numbers, reason };
  const check = manualReadingCorrectionBody.safeParse(body);
  const reasonMissing = !manualReadingCorrectionBody.shape.reason.safeParse(reason).success;
  const badNumber = Object.values(parsed).some((v) => v !== null && Number.isNaN(v));
  const noValue = Object.keys(numbers).length === 0;

  const submit = () => {
    setTried(true);
    if (!check.success || badNumber) return;
    correctReading.mutate(
      { id: reading.id, body: check.data },
      {
        onSuccess: () => {
          enqueueSnackbar(t('correct.done', { device: subject }), { variant: 'success' });
          onClose();
        },
      },
    );
  };
  const failure =
    correctReading.error instanceof ApiError && correctReading.error.isForbidden
      ? t('messages.forbidden')
      : correctReading.error instanceof ApiError && correctReading.error.isValidation
        ? Object.values(correctReading.error.details ?? {})
            .flat()
            .join(' ') || correctReading.error.message
        : t('messages.saveFailed');

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <DialogTitle id={titleId}>{t('correct.title', { device: subject })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('correct.intro')}</DialogContentText>
        {correctReading.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Stack spacing={2}>
          {metrics.map((m) => {
            const wrong = Number.isNaN(parsed[m.key] ?? 0);
            return (
              <TextField
                key={m.key}
                label={m.label}
                value={values[m.key] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [m.key]: e.target.value }))}
                error={wrong || (tried && noValue)}
                helperText={wrong ? t('correct.notNumber') : tried && noValue ? t('correct.noValue') : ' '}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  input: m.unit ? { endAdornment: <InputAdornment position="end">{m.unit}</InputAdornment> } : {},
                }}
              />
            );
          })}
          <TextField
            label={t('correct.reason')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={tried && reasonMissing}
            helperText={tried && reasonMissing ? t('correct.reasonRequired') : t('correct.reasonHint')}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel={t('correct.submit')} pending={correctReading.isPending} onCancel={onClose} />
    </form>
  );
}
