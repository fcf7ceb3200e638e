import AddOutlined from '@mui/icons-material/AddOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CalibrationFormValues } from '../model/calibration-form.ts';

/** The factors of a calibration as rows of a name (as formulas read it after `cal.`) and a number. */
export function FactorRows({
  form,
  message,
}: {
  form: UseFormReturn<CalibrationFormValues>;
  message(key: string | undefined): string | undefined;
}) {
  const { t } = useTranslation('deviceRegistry');
  const rows = useFieldArray({ control: form.control, name: 'factors' });
  const errors = form.formState.errors.factors;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('calibrations.factors')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {t('calibrations.factorsHint')}
      </Typography>
      <Stack spacing={1.5}>
        {rows.fields.map((row, index) => {
          const error = errors?.[index];
          const name = form.watch(`factors.${index}.name`) || String(index + 1);
          return (
            <Stack key={row.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                {...form.register(`factors.${index}.name`)}
                label={t('calibrations.factorName')}
                size="small"
                error={Boolean(error?.name)}
                helperText={message(error?.name?.message)}
                slotProps={{
                  input: { startAdornment: <Box sx={{ color: 'text.secondary', mr: 0.25 }}>cal.</Box> },
                  htmlInput: {
                    autoCapitalize: 'off',
                    spellCheck: false,
                    'aria-label': t('calibrations.factorNameOf', { index: index + 1 }),
                  },
                }}
                sx={{ flex: '1 1 0', minWidth: 0, '& input': { fontFamily: 'monospace' } }}
              />
              <TextField
                {...form.register(`factors.${index}.value`)}
                label={t('calibrations.factorValue')}
                size="small"
                error={Boolean(error?.value)}
                helperText={message(error?.value?.message)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', 'aria-label': t('calibrations.factorValueOf', { name }) },
                }}
                sx={{ flex: '1 1 0', minWidth: 0 }}
              />
              <Tooltip title={t('calibrations.removeFactor')}>
                <span>
                  <IconButton
                    aria-label={t('calibrations.removeFactorOf', { name })}
                    onClick={() => rows.remove(index)}
                    disabled={rows.fields.length === 1}
                    sx={{ mt: 0.25 }}
                  >
                    <RemoveCircleOutlineOutlined />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {errors?.root?.message || errors?.message ? (
        <FormHelperText error>{message(errors.root?.message ?? errors.message)}</FormHelperText>
      ) : null}
      <Button
        size="small"
        startIcon={<AddOutlined />}
        onClick={() => rows.append({ name: '', value: '' })}
        sx={{ mt: 1 }}
      >
        {t('calibrations.addFactor')}
      </Button>
    </Box>
  );
}
