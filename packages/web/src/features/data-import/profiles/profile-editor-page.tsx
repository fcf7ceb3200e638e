import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ImportProfile } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { deviceChoicesQuery, schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { importProfilesQuery } from '../api/import-profiles-api.ts';
import {
  bodyOfForm,
  emptyProfileForm,
  formOfProfile,
  profileFormSchema,
  type ProfileFormValues,
} from '../model/profile-form.ts';
import { useSaveProfile } from '../model/use-profile-mutations.ts';
import { ColumnMapping, type MappingChoices } from './column-mapping.tsx';
import { ProfileFields } from './profile-fields.tsx';
import { SampleFile, useSample } from './sample-file.tsx';
import { SaveError } from '../../../components/forms/save-error.tsx';

/** `/data-import/profiles/{id|new}`: a profile's fields, a sample file's columns, and the mapping of each. */
export function ProfileEditorPage({ id }: { id: string | null }) {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const profiles = useQuery(importProfilesQuery(project.id));
  const profile = id ? profiles.data?.find((p) => p.id === id) : null;
  if (id && profiles.isPending)
    return (
      <Frame title={t('profile.loading')}>
        <Skeleton variant="rounded" height={240} />
      </Frame>
    );
  if (id && !profile)
    return (
      <Frame title={t('profile.notFoundTitle')}>
        <Alert severity="error">{t(profiles.isError ? 'profiles.loadError' : 'profile.notFound')}</Alert>
      </Frame>
    );
  return <ProfileForm profile={profile ?? null} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('dataImport');
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Button component={RouterLink} to="/data-import?tab=profiles" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        {t('actions.backToProfiles')}
      </Button>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 2, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      {!hint && <Box sx={{ mb: 2 }} />}
      {children}
    </Paper>
  );
}

function ProfileForm({ profile }: { profile: ImportProfile | null }) {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  const initial = useMemo(() => (profile ? formOfProfile(profile) : emptyProfileForm()), [profile]);
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: initial });
  const sample = useSample(form, !profile);
  const save = useSaveProfile();
  const choices = useMemo<MappingChoices>(
    () => ({
      devices: devices.data ?? [],
      rawMetrics: new Map((schemes.data ?? []).map((s) => [s.id, s.spec.metrics.raw_metrics])),
    }),
    [devices.data, schemes.data],
  );
  const back = () => void navigate('/data-import?tab=profiles');
  const columnsError = form.formState.errors.columns?.message;

  const submit = form.handleSubmit((values) => {
    const body = bodyOfForm(values);
    save.mutate(
      { id: profile?.id ?? null, body },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(t(profile ? 'profile.saved' : 'profile.created', { name: saved.name }), {
            variant: 'success',
          });
          back();
        },
      },
    );
  });

  const title = profile ? profile.name : t('profile.newTitle');
  return (
    <Frame title={title}>
      <Box component="form" noValidate onSubmit={submit} aria-label={title}>
        <Stack spacing={2}>
          <Section title={t('profile.details')}>
            <ProfileFields form={form} headerColumns={sample.headerColumns} onReadAgain={sample.readAgain} />
          </Section>
          <Section title={t('profile.sample')} hint={t('profile.sampleHint')}>
            <SampleFile sample={sample} />
          </Section>
          <Section title={t('profile.columns')} hint={t('profile.columnsHint')}>
            {form.watch('columns').length === 0 ? (
              <Typography color="text.secondary">{t('profile.noColumns')}</Typography>
            ) : (
              <ColumnMapping
                control={form.control}
                setValue={form.setValue}
                samples={sample.valuesByColumn}
                choices={choices}
              />
            )}
            {columnsError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t(`profile.errors.${columnsError}`)}
              </Alert>
            )}
          </Section>
          {save.isError && (
            <SaveError error={save.error} title={t('profile.saveFailed')} fallback={t('profile.tryAgain')} />
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{
              justifyContent: 'flex-end',
              position: 'sticky',
              zIndex: 2,
              bottom: 0,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
          >
            <Button onClick={back}>{t('actions.cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              startIcon={save.isPending ? <CircularProgress size={16} /> : undefined}
            >
              {t(profile ? 'actions.save' : 'actions.create')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Frame>
  );
}
