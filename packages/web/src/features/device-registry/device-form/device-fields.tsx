import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import {
  Box,
  CircularProgress,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { SchemeObject } from '@vigil/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextsField } from '../../../components/forms/texts-field.tsx';
import type { RegisterRow } from '../api/devices-api.ts';
import type { DeviceFormValues } from '../model/device-form.ts';

export interface DeviceFieldsProps {
  form: UseFormReturn<DeviceFormValues>;
  schemes: readonly SchemeObject[];
  /** interface nodes an instrument may hang on; null for other kinds */
  nodes: readonly RegisterRow[] | null;
  eidStatus: 'idle' | 'checking' | 'free' | 'taken';
  readOnly: boolean;
  /** decommissioning cannot be undone: the switch stays on once the device is */
  wasDecommissioned: boolean;
}

/** Title, EID (checked as typed), description, scheme, node, SLA, labels and the three status switches. */
export function DeviceFields({ form, schemes, nodes, eidStatus, readOnly, wasDecommissioned }: DeviceFieldsProps) {
  const { t } = useTranslation('deviceRegistry');
  const { errors } = form.formState;
  const message = (name: keyof DeviceFormValues) => {
    const error = errors[name] as { message?: string } | undefined;
    return error ? t(`form.errors.${name}`, { defaultValue: t('form.errors.invalid') }) : undefined;
  };
  const text = (name: 'title' | 'eid' | 'description' | 'sla', extra: object = {}) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          {...field}
          label={t(`fields.${name === 'sla' ? 'contracted_sla_time' : name}`)}
          error={Boolean(errors[name])}
          helperText={message(name)}
          slotProps={{ input: { readOnly } }}
          fullWidth
          {...extra}
        />
      )}
    />
  );
  const eidAdornment =
    eidStatus === 'checking' ? (
      <CircularProgress size={18} aria-label={t('form.eidChecking')} />
    ) : eidStatus === 'free' ? (
      <CheckCircleOutlined color="success" fontSize="small" titleAccess={t('form.eidFree')} />
    ) : null;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('title', { required: true })}
        {text('eid', {
          required: true,
          error: Boolean(errors.eid) || eidStatus === 'taken',
          helperText: eidStatus === 'taken' ? t('form.eidTaken') : (message('eid') ?? t('form.eidHint')),
          slotProps: {
            input: {
              readOnly,
              endAdornment: eidAdornment && <InputAdornment position="end">{eidAdornment}</InputAdornment>,
            },
            htmlInput: { spellCheck: false, autoCapitalize: 'characters' },
          },
        })}
      </Box>
      {text('description', { multiline: true, minRows: 2 })}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: nodes ? '1fr 1fr 1fr' : '1fr 1fr' } }}>
        <Controller
          name="schemeId"
          control={form.control}
          render={({ field }) => (
            <TextField
              {...field}
              select
              required
              label={t('fields.scheme')}
              error={Boolean(errors.schemeId)}
              helperText={message('schemeId')}
              slotProps={{ input: { readOnly } }}
            >
              {schemes.map((scheme) => (
                <MenuItem key={scheme.id} value={scheme.id}>
                  {scheme.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {nodes && (
          <Controller
            name="interfaceNodeId"
            control={form.control}
            render={({ field }) => (
              <TextField {...field} select label={t('fields.interface_node')} slotProps={{ input: { readOnly } }}>
                <MenuItem value="">{t('none')}</MenuItem>
                {nodes.map((node) => (
                  <MenuItem key={node.id} value={node.id}>
                    {node.eid} · {node.title}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
        {text('sla', {
          required: true,
          slotProps: {
            input: { readOnly, endAdornment: <InputAdornment position="end">{t('form.seconds')}</InputAdornment> },
            htmlInput: { inputMode: 'numeric' },
          },
        })}
      </Box>
      <Controller
        name="labels"
        control={form.control}
        render={({ field }) => (
          <TextsField
            label={t('fields.labels')}
            helperText={readOnly ? undefined : t('form.labelsHint')}
            value={field.value}
            onChange={field.onChange}
            readOnly={readOnly}
          />
        )}
      />
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('form.status')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          {(['maintenance_mode', 'turned_off', 'decommissioned'] as const).map((name) => (
            <Controller
              key={name}
              name={name}
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  label={t(`fields.${name}`)}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      disabled={readOnly || (name === 'decommissioned' && wasDecommissioned)}
                    />
                  }
                />
              )}
            />
          ))}
        </Stack>
        {form.watch('decommissioned') && !wasDecommissioned && (
          <Typography variant="body2" color="warning.main">
            {t('form.decommissionWarning')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
