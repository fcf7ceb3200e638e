import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { MetricDefinition } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import type { DraftGroup } from '../model/scheme-draft.ts';
import { NumberText } from './number-text.tsx';
import { VibratingWireTemplates } from './vibrating-wire-templates.tsx';

type Metric = MetricDefinition & { formula?: string };

/** One metric group of a scheme: each metric's key, label, unit and decimals; a formula for calculated ones. */
export function MetricRows({
  group,
  metrics,
  onChange,
  problems,
  readOnly,
}: {
  group: DraftGroup;
  metrics: readonly Metric[];
  onChange(metrics: Metric[]): void;
  /** problems by path under this group, e.g. `0.formula` */
  problems: (path: string) => string | undefined;
  readOnly: boolean;
}) {
  const { t } = useTranslation('deviceRegistry');
  const calculated = group === 'calculated_metrics';
  const withPeriod = group === 'raw_metrics' || calculated;
  const set = (index: number, patch: Partial<Metric>) =>
    onChange(metrics.map((metric, i) => (i === index ? stripEmpty({ ...metric, ...patch }) : metric)));
  return (
    <Box component="section" aria-label={t(`schemes.groups.${group}`)}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`schemes.groups.${group}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`schemes.groupHints.${group}`)}
      </Typography>
      <Stack spacing={1.5}>
        {metrics.map((metric, index) => (
          <Box
            key={index}
            role="group"
            aria-label={t('schemes.metricLabel', { key: metric.key || index + 1 })}
            sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: {
                  xs: '1fr 1fr',
                  md: withPeriod ? '1fr 1.4fr 0.7fr 0.7fr 0.9fr auto' : '1fr 1.4fr 0.7fr 0.7fr auto',
                },
                alignItems: 'start',
              }}
            >
              <TextField
                size="small"
                label={t('schemes.key')}
                value={metric.key}
                required
                error={Boolean(problems(`${index}.key`))}
                helperText={problems(`${index}.key`)}
                onChange={(e) => set(index, { key: e.target.value })}
                slotProps={{ input: { readOnly }, htmlInput: { spellCheck: false } }}
              />
              <TextField
                size="small"
                label={t('schemes.label')}
                value={metric.label}
                required
                error={Boolean(problems(`${index}.label`))}
                onChange={(e) => set(index, { label: e.target.value })}
                slotProps={{ input: { readOnly } }}
              />
              <TextField
                size="small"
                label={t('schemes.unit')}
                value={metric.unit}
                onChange={(e) => set(index, { unit: e.target.value })}
                slotProps={{ input: { readOnly } }}
              />
              <NumberText
                label={t('schemes.decimals')}
                value={metric.decimals}
                onValue={(decimals) => set(index, { decimals })}
                invalidText={t('form.errors.number')}
                error={Boolean(problems(`${index}.decimals`))}
                slotProps={{ input: { readOnly } }}
              />
              {withPeriod && (
                <NumberText
                  label={t('schemes.statisticsPeriod')}
                  value={metric.statistics_period}
                  onValue={(statistics_period) => set(index, { statistics_period })}
                  invalidText={t('form.errors.number')}
                  error={Boolean(problems(`${index}.statistics_period`))}
                  helperText={problems(`${index}.statistics_period`) ? t('schemes.periodHint') : undefined}
                  slotProps={{ input: { readOnly } }}
                />
              )}
              {!readOnly && (
                <IconButton
                  aria-label={t('schemes.removeMetric', { key: metric.key || index + 1 })}
                  onClick={() => onChange(metrics.filter((_, i) => i !== index))}
                  sx={{ justifySelf: 'end' }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </Box>
            {calculated && (
              <TextField
                size="small"
                fullWidth
                label={t('schemes.formula')}
                value={metric.formula ?? ''}
                required
                error={Boolean(problems(`${index}.formula`))}
                helperText={problems(`${index}.formula`) ?? t('schemes.formulaHint')}
                onChange={(e) => set(index, { formula: e.target.value })}
                slotProps={{
                  input: { readOnly, sx: { fontFamily: 'monospace' } },
                  htmlInput: { spellCheck: false },
                }}
                sx={{ mt: 1.5 }}
              />
            )}
          </Box>
        ))}
      </Stack>
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            sx={{ mt: 1 }}
            onClick={() =>
              onChange([...metrics, { key: '', label: '', unit: '', ...(calculated ? { formula: '' } : {}) }])
            }
          >
            {t('schemes.addMetric')}
          </Button>
          {calculated && (
            <VibratingWireTemplates
              taken={metrics.map((metric) => metric.key)}
              onAdd={(metric) => onChange([...metrics, metric])}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}

/** Optional numbers left empty are left out, as the schema wants them absent rather than undefined-valued. */
function stripEmpty(metric: Metric): Metric {
  const copy = { ...metric } as Record<string, unknown>;
  for (const key of ['decimals', 'statistics_period']) if (copy[key] === undefined) delete copy[key];
  return copy as Metric;
}
