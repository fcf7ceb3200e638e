import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { chartableMetrics, MAX_CHART_SERIES, MAX_REPORT_CHARTS, type ChartSeries } from '@vigil/domain';
import { get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DevicePicker, eidAndScheme } from '../../../components/device-picker/device-picker.tsx';
import { messageKey } from '../model/field-message.ts';
import {
  isGroupChart,
  metricsOfSchemes,
  newChart,
  schemesOfGroup,
  type ChartDraft,
  type SectionDraft,
} from '../model/section-drafts.ts';
import type { SectionOptionsProps } from './builder-types.ts';

const FUNCTIONS = ['avg', 'min', 'max', 'sum'] as const;
const STYLES = ['line', 'bars'] as const;

/**
 * A charts section's charts, with the dashboards' chart options: devices of one scheme and one of its
 * metrics (how readings combine, lines or bars), or one metric of every device of a group.
 */
export function ChartsEditor({ form, index, section, choices, readOnly }: SectionOptionsProps) {
  const { t } = useTranslation('reports');
  const charts = (section as Extract<SectionDraft, { kind: 'charts' }>).charts ?? [];
  const path = `sections.${index}.charts`;
  const setCharts = (next: ChartDraft[]) =>
    form.setValue(path as never, next as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const change = (at: number, chart: ChartDraft) => setCharts(charts.map((c, i) => (i === at ? chart : c)));
  const error = (field: string) => {
    const key = messageKey(get(form.formState.errors, `${path}.${field}`));
    return key ? t(key) : undefined;
  };

  return (
    <Stack spacing={1.5}>
      {charts.map((chart, at) => {
        const group = isGroupChart(chart);
        const series = group ? [] : ((chart as { series?: ChartSeries[] }).series ?? []);
        const chosen = choices.devices.filter((d) => series.some((s) => s.entity_id === d.id));
        const firstScheme = chosen[0]?.scheme?.id;
        const offered = firstScheme ? choices.devices.filter((d) => d.scheme?.id === firstScheme) : choices.devices;
        const metrics = group
          ? metricsOfSchemes(
              schemesOfGroup(
                choices.groups.find((g) => g.id === chart.group_id),
                choices.devices,
              ),
              choices.schemes,
            )
          : chartableMetrics(choices.schemes.find((s) => s.id === firstScheme));
        const metric = group ? chart.metric : (series[0]?.metric ?? '');
        const seriesError = error(`${at}.series`);
        // A chart neither of devices nor of a group fails the schema's union as a whole: say what it lacks.
        const incomplete = Boolean(get(form.formState.errors, `${path}.${at}.message`));
        const withSeries = (devices: typeof chosen, options: Partial<ChartSeries>) => {
          const scheme = choices.schemes.find((s) => s.id === devices[0]?.scheme?.id);
          const metricOf = options.metric ?? (metric || chartableMetrics(scheme)[0]?.metric || '');
          change(at, {
            title: chart.title,
            series: devices.slice(0, MAX_CHART_SERIES).map((d) => ({
              entity_id: d.id,
              entity_type: d.monitored_entity_type,
              metric: metricOf,
              data_point_id: null,
              function: options.function ?? series[0]?.function,
              style: options.style ?? series[0]?.style,
            })),
          });
        };
        return (
          <Box
            key={at}
            role="group"
            aria-label={t('charts.chartLabel', { position: at + 1 })}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: { xs: 1, sm: 1.5 },
              bgcolor: 'background.paper',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 80 }}>
                {t('charts.chartLabel', { position: at + 1 })}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={group ? 'group' : 'devices'}
                disabled={readOnly}
                aria-label={t('charts.showsLabel')}
                onChange={(_, shows: 'group' | 'devices' | null) =>
                  shows &&
                  change(
                    at,
                    shows === 'group'
                      ? { title: chart.title, group_id: '', metric: '' }
                      : { title: chart.title, series: [] },
                  )
                }
              >
                <ToggleButton value="devices">{t('charts.devices')}</ToggleButton>
                <ToggleButton value="group">{t('charts.group')}</ToggleButton>
              </ToggleButtonGroup>
              {!readOnly && (
                <Tooltip title={t('actions.removeChart')}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={t('charts.removeNamed', { position: at + 1 })}
                      disabled={charts.length === 1}
                      onClick={() => setCharts(charts.filter((_, i) => i !== at))}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <TextField
                size="small"
                label={t('fields.chartTitle')}
                value={chart.title ?? ''}
                onChange={(e) => change(at, { ...chart, title: e.target.value })}
                placeholder={t('charts.titlePlaceholder')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ gridColumn: { sm: '1 / -1' } }}
              />
              {group ? (
                <TextField
                  select
                  size="small"
                  label={t('fields.group')}
                  value={chart.group_id}
                  onChange={(e) => change(at, { ...chart, group_id: e.target.value, metric: '' })}
                  error={Boolean(error(`${at}.group_id`))}
                  helperText={error(`${at}.group_id`) ?? ' '}
                >
                  {choices.groups.map((g) => (
                    <MenuItem key={g.id} value={g.id}>
                      {g.title}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <DevicePicker
                  multiple
                  size="small"
                  readOnly={readOnly}
                  devices={offered}
                  value={chosen}
                  onChange={(devices) => withSeries(devices, {})}
                  label={t('fields.devices')}
                  detail={eidAndScheme}
                  loading={choices.loading}
                  error={Boolean(seriesError)}
                  helperText={seriesError ?? t('charts.devicesHint', { max: MAX_CHART_SERIES })}
                  sx={{ gridColumn: { sm: '1 / -1' } }}
                />
              )}
              <TextField
                select
                size="small"
                label={t('fields.metric')}
                value={metrics.some((m) => m.metric === metric) ? metric : ''}
                disabled={!metrics.length}
                onChange={(e) =>
                  group
                    ? change(at, { ...chart, metric: e.target.value })
                    : withSeries(chosen, { metric: e.target.value })
                }
                error={Boolean(group && error(`${at}.metric`))}
                helperText={(group && error(`${at}.metric`)) || (metrics.length ? ' ' : t('charts.metricFirst'))}
              >
                {metrics.map((m) => (
                  <MenuItem key={m.metric} value={m.metric}>
                    {m.unit ? `${m.label} (${m.unit})` : m.label}
                  </MenuItem>
                ))}
              </TextField>
              {!group && (
                // The toggle goes under the function where both do not fit with its whole label (phones).
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
                  <TextField
                    select
                    size="small"
                    label={t('fields.function')}
                    value={series[0]?.function ?? 'avg'}
                    disabled={!chosen.length}
                    onChange={(e) => withSeries(chosen, { function: e.target.value as ChartSeries['function'] })}
                    sx={{ flex: '1 1 13rem' }}
                  >
                    {FUNCTIONS.map((fn) => (
                      <MenuItem key={fn} value={fn}>
                        {t(`charts.functions.${fn}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={series[0]?.style ?? 'line'}
                    disabled={readOnly || !chosen.length}
                    aria-label={t('fields.style')}
                    onChange={(_, style: ChartSeries['style'] | null) => style && withSeries(chosen, { style })}
                  >
                    {STYLES.map((style) => (
                      <ToggleButton key={style} value={style}>
                        {t(`charts.styles.${style}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Stack>
              )}
            </Box>
            {incomplete && (
              <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                {t(group ? 'charts.incompleteGroup' : 'charts.incomplete')}
              </Typography>
            )}
          </Box>
        );
      })}
      {!readOnly && (
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            disabled={charts.length >= MAX_REPORT_CHARTS}
            onClick={() => setCharts([...charts, newChart()])}
          >
            {t('actions.addChart')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
