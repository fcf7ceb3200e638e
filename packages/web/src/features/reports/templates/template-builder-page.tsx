import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_LOCALE,
  LOCALES,
  reportTemplateCreateBody,
  type Locale,
  type ReportTemplate,
  type ReportTemplateCreateBody,
} from '@vigil/domain';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useSession } from '../../../session/session-context.ts';
import { reportTemplateQuery } from '../api/reports-api.ts';
import { emptyTemplate, formOfTemplate, type TemplateFormValues } from '../model/section-drafts.ts';
import { useReportAccess } from '../model/use-report-access.ts';
import { useSaveTemplate } from '../model/use-report-mutations.ts';
import { RefusalAlert } from '../reports/refusal-alert.tsx';
import { SectionsEditor } from './sections-editor.tsx';
import { TemplateDetails } from './template-details.tsx';

/** `/reports/templates/{id|new}`: a template's builder; read-only for those who may not edit templates. */
export function TemplateBuilderPage({ id }: { id: string | null }) {
  const { t } = useTranslation('reports');
  const { project } = useSession();
  const template = useQuery({ ...reportTemplateQuery(project.id, id ?? ''), enabled: Boolean(id) });
  if (id && template.isPending)
    return (
      <Frame title={t('builder.loading')}>
        <Stack spacing={2} aria-label={t('builder.loading')}>
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </Frame>
    );
  if (id && !template.data)
    return (
      <Frame title={t('builder.notFoundTitle')}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void template.refetch()}>
              {t('states.retry')}
            </Button>
          }
        >
          {t('builder.loadError')}
        </Alert>
      </Frame>
    );
  return <TemplateForm template={template.data ?? null} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('reports');
  return (
    <Box sx={{ px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1080, mx: 'auto' }}>
      <Button component={RouterLink} to="/reports?tab=templates" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        {t('actions.backToTemplates')}
      </Button>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' }, mb: 2, overflowWrap: 'anywhere' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The interface language, which a new template's reports are written in until another is chosen. */
const localeOf = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : DEFAULT_LOCALE;

function TemplateForm({ template }: { template: ReportTemplate | null }) {
  const { t, i18n } = useTranslation('reports');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { canEdit } = useReportAccess();
  const initial = useMemo(
    () => (template ? formOfTemplate(template) : emptyTemplate(localeOf(i18n.language))),
    [template, i18n.language],
  );
  const form = useForm<TemplateFormValues, unknown, ReportTemplateCreateBody>({
    resolver: zodResolver(reportTemplateCreateBody),
    defaultValues: initial,
  });
  const save = useSaveTemplate();
  const back = () => void navigate('/reports?tab=templates');

  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(t(template ? 'builder.saved' : 'builder.created', { name: saved.name }), {
            variant: 'success',
          });
          back();
        },
      },
    ),
  );

  const title = template ? template.name : t('builder.newTitle');
  return (
    <Frame title={title}>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('builder.readOnly')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} aria-label={t('builder.formLabel')}>
        <Box component="fieldset" disabled={!canEdit} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Stack spacing={2}>
            <TemplateDetails form={form} readOnly={!canEdit} />
            <SectionsEditor form={form} readOnly={!canEdit} />
            {save.isError && <RefusalAlert error={save.error} title={t('builder.saveFailed')} />}
            {form.formState.isSubmitted && !form.formState.isValid && (
              <Alert severity="warning" role="alert">
                {t('builder.fixErrors')}
              </Alert>
            )}
          </Stack>
        </Box>
        {canEdit && (
          <Stack
            direction="row"
            spacing={1}
            sx={{
              justifyContent: 'flex-end',
              position: 'sticky',
              zIndex: 2,
              bottom: 0,
              mt: 2,
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              bgcolor: 'background.default',
            }}
          >
            <Button onClick={back}>{t('actions.cancel')}</Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t(template ? 'actions.save' : 'actions.create')}
            </Button>
          </Stack>
        )}
      </Box>
    </Frame>
  );
}
