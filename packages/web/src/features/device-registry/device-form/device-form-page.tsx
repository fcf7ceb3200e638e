import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { DeviceProfile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { ENTITY_PATHS, schemesQuery, type EntityTypeName } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { editableDeviceQuery, registerRowsQuery } from '../api/devices-api.ts';
import { RegistryHistoryDialog, type HistorySubject } from '../history/registry-history-dialog.tsx';
import {
  bodyOfForm,
  changedFields,
  deviceFormSchema,
  emptyDeviceForm,
  formOfDevice,
  type DeviceFormValues,
} from '../model/device-form.ts';
import { useSaveDevice } from '../model/use-device-mutations.ts';
import { useRegistryAccess } from '../model/use-registry-access.ts';
import { AttachmentsField } from './attachments-field.tsx';
import { DataPointsPanel } from './data-points-panel.tsx';
import { DeleteDeviceDialog } from './delete-device-dialog.tsx';
import { DeviceFields } from './device-fields.tsx';
import { LocationField } from './location-field.tsx';
import { useEidCheck } from './use-eid-check.ts';
import { SaveError } from '../../../components/forms/save-error.tsx';
import { CalibrationsPanel } from '../calibrations/calibrations-panel.tsx';
import { DeviceTabPanel, DeviceTabs, useDeviceTab } from './device-tabs.tsx';

/** `/devices/new/{kind}` and `/devices/{kind}/{id}`: a device's form, read-only for those who may not edit. */
export function DeviceFormPage({ kind, id }: { kind: EntityTypeName; id: string | null }) {
  const { t } = useTranslation('deviceRegistry');
  const editable = useQuery({ ...editableDeviceQuery(kind, id ?? ''), enabled: Boolean(id) });
  // A reload after a conflict starts the form again from the other person's version.
  const [generation, setGeneration] = useState(0);
  const [tab, setTab] = useDeviceTab();
  if (id && editable.isPending)
    return <Skeleton variant="rounded" height={480} sx={{ m: 3 }} aria-label={t('loading')} />;
  if (id && editable.isError)
    return (
      <Page kind={kind} title={t('form.editTitle')}>
        <Alert severity="error" action={<Button onClick={() => void editable.refetch()}>{t('actions.retry')}</Button>}>
          {editable.error instanceof ApiError && editable.error.isNotFound ? t('form.notFound') : t('form.loadError')}
        </Alert>
      </Page>
    );
  const device = editable.data?.body ?? null;
  const form = (
    <DeviceForm
      key={generation}
      kind={kind}
      device={device}
      etag={editable.data?.etag ?? null}
      onReload={() => void editable.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
  // Only an instrument has calibrations: interface nodes and virtual devices keep a page of details.
  if (kind !== 'instrument' || !device)
    return (
      <Page kind={kind} title={device?.title ?? t(`form.newTitle.${kind}`)}>
        {form}
      </Page>
    );
  return (
    <Page kind={kind} title={device.title}>
      <DeviceTabs value={tab} onChange={setTab} />
      <DeviceTabPanel tab="details" value={tab}>
        {form}
      </DeviceTabPanel>
      <DeviceTabPanel tab="calibrations" value={tab}>
        {tab === 'calibrations' && <CalibrationsPanel instrumentId={device.id} />}
      </DeviceTabPanel>
    </Page>
  );
}

function Page({ kind, title, children }: { kind: EntityTypeName; title: string; children: ReactNode }) {
  const { t } = useTranslation('deviceRegistry');
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Button component={RouterLink} to={`/devices?tab=${kind}`} startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        {t('title')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function DeviceForm({
  kind,
  device,
  etag,
  onReload,
}: {
  kind: EntityTypeName;
  device: DeviceProfile | null;
  etag: string | null;
  onReload(): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { project } = useSession();
  const { canEdit } = useRegistryAccess();
  const readOnly = !canEdit;
  const schemes = useQuery(schemesQuery(project.id));
  const nodes = useQuery({ ...registerRowsQuery(project.id, 'interface-node'), enabled: kind === 'instrument' });
  const initial = useMemo(() => (device ? formOfDevice(device) : emptyDeviceForm()), [device]);
  const form = useForm<DeviceFormValues>({ resolver: zodResolver(deviceFormSchema), defaultValues: initial });
  const save = useSaveDevice(kind);
  const [history, setHistory] = useState<HistorySubject | null>(null);
  const [deleting, setDeleting] = useState(false);
  const eidStatus = useEidCheck(form.watch('eid'), device?.id ?? null);
  const schemeId = form.watch('schemeId');
  const scheme = schemes.data?.find((s) => s.id === schemeId);
  const contextMetrics = scheme?.spec.metrics.context_metrics ?? [];
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const back = () => void navigate(`/devices?tab=${kind}`);

  const submit = form.handleSubmit((values) => {
    if (eidStatus === 'taken') return;
    const options = { contextMetrics, instrument: kind === 'instrument' };
    const body = bodyOfForm(values, options);
    const patch = device ? changedFields(bodyOfForm(initial, options), body) : {};
    save.mutate(
      { id: device?.id ?? null, body, patch, etag, decommission: values.decommissioned && !device?.decommissioned },
      {
        onSuccess: () => {
          enqueueSnackbar(t(device ? 'form.saved' : 'form.created', { title: body.title }), { variant: 'success' });
          back();
        },
      },
    );
  });

  const title = device ? device.title : t(`form.newTitle.${kind}`);
  return (
    <>
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <Stack spacing={2}>
          {readOnly && <Alert severity="info">{t('form.readOnly')}</Alert>}
          <Section title={t('form.details')}>
            <DeviceFields
              form={form}
              schemes={schemes.data ?? []}
              nodes={kind === 'instrument' ? (nodes.data ?? []) : null}
              eidStatus={eidStatus}
              readOnly={readOnly}
              wasDecommissioned={Boolean(device?.decommissioned)}
            />
          </Section>
          {contextMetrics.length > 0 && (
            <Section title={t('form.context')}>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
                {contextMetrics.map((metric) => (
                  <Controller
                    key={metric.key}
                    name={`context.${metric.key}`}
                    control={form.control}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        value={field.value ?? ''}
                        label={metric.unit ? `${metric.label} (${metric.unit})` : metric.label}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error ? t('form.errors.number') : undefined}
                        slotProps={{ input: { readOnly }, htmlInput: { inputMode: 'decimal' } }}
                      />
                    )}
                  />
                ))}
              </Box>
            </Section>
          )}
          <Section title={t('form.location')}>
            <LocationField form={form} deviceId={device?.id ?? null} readOnly={readOnly} />
          </Section>
          <Section title={t('form.attachments')}>
            <Controller
              name="attachments"
              control={form.control}
              render={({ field }) => (
                <AttachmentsField value={field.value} onChange={field.onChange} readOnly={readOnly} />
              )}
            />
          </Section>
          {device && (
            <Section title={t('dataPoints.title')}>
              <DataPointsPanel deviceId={device.id} readOnly={readOnly} />
            </Section>
          )}
          {conflict && (
            <Alert
              severity="warning"
              role="alert"
              action={
                <Button color="inherit" onClick={onReload}>
                  {t('actions.reload')}
                </Button>
              }
            >
              {t('form.conflict')}
            </Alert>
          )}
          {save.isError && !conflict && (
            <SaveError
              error={save.error}
              title={t('form.saveFailed')}
              fallback={t('form.tryAgain')}
              fieldName={(field) => t(`fields.${field}`, { defaultValue: field })}
            />
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{
              justifyContent: 'flex-end',
              flexWrap: 'wrap',
              rowGap: 1,
              position: 'sticky',
              zIndex: 2,
              borderTop: 1,
              borderColor: 'divider',
              bottom: 0,
              py: 1.5,
              bgcolor: 'background.default',
            }}
          >
            {device && (
              <Button onClick={() => setHistory({ kind: ENTITY_PATHS[kind], id: device.id, title: device.title })}>
                {t('actions.history')}
              </Button>
            )}
            {device && canEdit && (
              <Button color="error" onClick={() => setDeleting(true)}>
                {t('actions.delete')}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            <Button onClick={back}>{t(readOnly ? 'actions.close' : 'actions.cancel')}</Button>
            {canEdit && (
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending || eidStatus === 'taken'}
                startIcon={save.isPending ? <CircularProgress size={16} /> : undefined}
              >
                {t(device ? 'actions.save' : 'actions.create')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      <RegistryHistoryDialog subject={history} onClose={() => setHistory(null)} />
      <DeleteDeviceDialog
        subject={
          deleting && device
            ? { kind, id: device.id, title: device.title, decommissioned: device.decommissioned }
            : null
        }
        onClose={() => setDeleting(false)}
        onDeleted={back}
      />
    </>
  );
}
