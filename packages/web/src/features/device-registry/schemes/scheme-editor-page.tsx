import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SCHEME_TYPES, type SchemeCreateBody } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { schemeQuery, schemeUsageQuery, useSaveScheme } from '../api/schemes-api.ts';
import { RegistryHistoryDialog, type HistorySubject } from '../history/registry-history-dialog.tsx';
import { DRAFT_GROUPS, draftOf, draftProblems, emptyDraft, type SchemeDraft } from '../model/scheme-draft.ts';
import { useRegistryAccess } from '../model/use-registry-access.ts';
import { FormulaPreview } from './formula-preview.tsx';
import { InvalidBoundsEditor, LimitsEditor } from './limits-editor.tsx';
import { MetricRows } from './metric-rows.tsx';

/** `/devices/schemes/new` and `/devices/schemes/{id}`: a scheme's metrics, formulas, limits and invalid bounds. */
export function SchemeEditorPage({ id }: { id: string | null }) {
  const { t } = useTranslation('deviceRegistry');
  const scheme = useQuery({ ...schemeQuery(id ?? ''), enabled: Boolean(id) });
  if (id && scheme.isPending)
    return <Skeleton variant="rounded" height={480} sx={{ m: 3 }} aria-label={t('loading')} />;
  if (id && scheme.isError)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{t('schemes.loadError')}</Alert>
      </Box>
    );
  return <SchemeEditor id={id} initial={scheme.data ? draftOf(scheme.data) : emptyDraft()} />;
}

/** Formulas read raw, context and user metrics: the groups they read come first. */
const EDITING_ORDER = ['raw_metrics', 'context_metrics', 'calculated_metrics', 'user_metrics'] as const;

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

function SchemeEditor({ id, initial }: { id: string | null; initial: SchemeDraft }) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { canEdit } = useRegistryAccess();
  const readOnly = !canEdit;
  const [draft, setDraft] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [history, setHistory] = useState<HistorySubject | null>(null);
  const usage = useQuery({ ...schemeUsageQuery(id ?? ''), enabled: Boolean(id) });
  const save = useSaveScheme();
  const problems = useMemo(() => draftProblems(draft), [draft]);
  const problemAt = (prefix: string) => (path: string) => {
    const message = problems.get(`${prefix}.${path}`);
    return message && t('schemes.problem', { message });
  };
  const formulasValid = ![...problems.keys()].some((path) => path.startsWith('spec.metrics'));
  const affected = usage.data?.devices ?? 0;
  const setSpec = (patch: Partial<SchemeDraft['spec']>) => setDraft((d) => ({ ...d, spec: { ...d.spec, ...patch } }));
  const setGroup = (group: (typeof DRAFT_GROUPS)[number], metrics: unknown[]) =>
    setDraft((d) => ({ ...d, spec: { ...d.spec, metrics: { ...d.spec.metrics, [group]: metrics } } }));

  const store = () =>
    save.mutate(
      { id, body: draft as SchemeCreateBody },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          enqueueSnackbar(t('schemes.saved', { name: saved.name }), { variant: 'success' });
          void navigate('/devices/schemes');
        },
        onError: () => setConfirming(false),
      },
    );

  const title = id ? initial.name : t('schemes.newTitle');
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Button component={RouterLink} to="/devices/schemes" startIcon={<ArrowBackOutlined />} sx={{ mb: 1 }}>
        {t('schemes.title')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {readOnly && <Alert severity="info">{t('schemes.readOnly')}</Alert>}
        <Section title={t('schemes.general')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              label={t('schemes.name')}
              value={draft.name}
              required
              error={problems.has('name')}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
              slotProps={{ input: { readOnly } }}
            />
            <TextField
              select
              label={t('schemes.type')}
              value={draft.type}
              onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as SchemeDraft['type'] }))}
              slotProps={{ input: { readOnly } }}
            >
              {SCHEME_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`schemes.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        </Section>
        <Section title={t('schemes.metrics')}>
          <Stack spacing={3}>
            {EDITING_ORDER.map((group) => (
              <MetricRows
                key={group}
                group={group}
                metrics={draft.spec.metrics[group]}
                onChange={(metrics) => setGroup(group, metrics)}
                problems={problemAt(`spec.metrics.${group}`)}
                readOnly={readOnly}
              />
            ))}
          </Stack>
        </Section>
        {draft.spec.metrics.calculated_metrics.length > 0 && (
          <Section title={t('preview.title')}>
            <FormulaPreview draft={draft} schemeId={id} valid={formulasValid} />
          </Section>
        )}
        <Section title={t('schemes.limitsAndBounds')}>
          <Stack spacing={3}>
            <LimitsEditor
              draft={draft}
              rows={draft.spec.metric_limits}
              onChange={(metric_limits) => setSpec({ metric_limits })}
              problems={problemAt('spec.metric_limits')}
              readOnly={readOnly}
            />
            <InvalidBoundsEditor
              draft={draft}
              rows={draft.spec.invalid_bounds}
              onChange={(invalid_bounds) => setSpec({ invalid_bounds })}
              problems={problemAt('spec.invalid_bounds')}
              readOnly={readOnly}
            />
          </Stack>
        </Section>
        {save.isError && (
          <Alert severity="error" role="alert">
            {save.error instanceof ApiError && save.error.status < 500 ? save.error.message : t('schemes.saveFailed')}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{
            alignItems: { sm: 'center' },
            position: 'sticky',
            zIndex: 2,
            borderTop: 1,
            borderColor: 'divider',
            bottom: 0,
            py: 1.5,
            bgcolor: 'background.default',
          }}
        >
          {id && usage.data && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('schemes.affects', { count: affected })}
            </Typography>
          )}
          {problems.size > 0 && !readOnly && (
            <Typography variant="body2" color="error" role="status">
              {t('schemes.problems', { count: problems.size })}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {id && (
              <Button onClick={() => setHistory({ kind: 'schemes', id, title: initial.name })}>
                {t('actions.history')}
              </Button>
            )}
            <Button component={RouterLink} to="/devices/schemes">
              {t(readOnly ? 'actions.close' : 'actions.cancel')}
            </Button>
            {canEdit && (
              <Button
                variant="contained"
                disabled={problems.size > 0 || save.isPending}
                startIcon={save.isPending ? <CircularProgress size={16} /> : undefined}
                onClick={() => (id && affected > 0 ? setConfirming(true) : store())}
              >
                {t(id ? 'actions.save' : 'actions.create')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('schemes.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('schemes.affects', { count: affected })}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>{t('schemes.confirmBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
          <Button variant="contained" disabled={save.isPending} onClick={store}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <RegistryHistoryDialog subject={history} onClose={() => setHistory(null)} />
    </Box>
  );
}
