import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated } from '@vigil/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { useFormDialog } from '../../../components/dialogs/use-form-dialog.ts';
import { apiKeysApi } from '../api/api-keys-api.ts';
import { bodyOfKeyForm, emptyKeyForm, keyFormSchema, type KeyFormValues } from '../model/key-form.ts';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

/** A new ingest key: its name, the whole project or some devices, and an optional expiry. */
export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(created: ApiKeyCreated): void;
}) {
  const { titleId, contentKey, dialogProps } = useFormDialog();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" {...dialogProps}>
      <KeyForm key={contentKey} titleId={titleId} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function KeyForm({
  titleId,
  onClose,
  onCreated,
}: {
  titleId: string;
  onClose(): void;
  onCreated(created: ApiKeyCreated): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const client = useQueryClient();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const form = useForm<KeyFormValues>({ resolver: zodResolver(keyFormSchema), defaultValues: emptyKeyForm() });
  const create = useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.auth.apiKeys(project.id) }),
  });
  const errors = form.formState.errors;
  const message = (key: string | undefined) => (key ? t(`keys.errors.${key}`) : undefined);
  const limited = form.watch('scope') === 'devices';
  const submit = form.handleSubmit((values) => create.mutate(bodyOfKeyForm(values), { onSuccess: onCreated }));

  return (
    // A column filling a phone's full-screen dialog: its buttons stay at the bottom.
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{t('keys.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            {...form.register('name')}
            label={t('keys.name')}
            required
            autoFocus
            error={Boolean(errors.name)}
            helperText={message(errors.name?.message) ?? t('keys.nameHint')}
          />
          <Controller
            name="scope"
            control={form.control}
            render={({ field }) => (
              <RadioGroup {...field} aria-label={t('keys.scope')}>
                <FormControlLabel value="all" control={<Radio />} label={t('keys.scopeAll')} />
                <FormControlLabel value="devices" control={<Radio />} label={t('keys.scopeDevices')} />
              </RadioGroup>
            )}
          />
          {limited && (
            <Controller
              name="deviceIds"
              control={form.control}
              render={({ field }) => (
                <DevicePicker
                  multiple
                  devices={devices.data ?? []}
                  loading={devices.isPending}
                  value={(devices.data ?? []).filter((d) => field.value.includes(d.id))}
                  onChange={(chosen) => field.onChange(chosen.map((d) => d.id))}
                  getOptionLabel={(d) => `${d.eid} · ${d.title}`}
                  renderValue={(value, getItemProps) =>
                    value.map((device, index) => {
                      const { key, ...props } = getItemProps({ index });
                      return <Chip key={key} size="small" label={device.eid} {...props} />;
                    })
                  }
                  label={t('keys.devices')}
                  error={Boolean(errors.deviceIds)}
                  helperText={message(errors.deviceIds?.message)}
                />
              )}
            />
          )}
          <TextField
            {...form.register('expires')}
            type="datetime-local"
            label={t('keys.expires')}
            error={Boolean(errors.expires)}
            helperText={message(errors.expires?.message) ?? t('keys.expiresHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {create.isError && (
            <Alert severity="error" role="alert">
              {refusalText(create.error, t('keys.createFailed'))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('keys.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
