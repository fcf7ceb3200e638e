import {
  Alert,
  Autocomplete,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SCHEME_PREVIEW_READINGS } from '@vigil/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { schemesApi } from '../api/schemes-api.ts';
import type { SchemeDraft } from '../model/scheme-draft.ts';

const TYPING_PAUSE_MS = 500;

/**
 * The calculated metrics as the edited formulas give them on a chosen device's latest readings, with
 * nothing saved; asked again once typing pauses, and only while every formula parses.
 */
export function FormulaPreview({
  draft,
  schemeId,
  valid,
}: {
  draft: SchemeDraft;
  schemeId: string | null;
  valid: boolean;
}) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  // Devices of this scheme first: their readings carry the raw metrics the formulas read.
  const options = [...(devices.data ?? [])].sort(
    (a, b) => Number(b.scheme?.id === schemeId) - Number(a.scheme?.id === schemeId) || a.title.localeCompare(b.title),
  );
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [spec, setSpec] = useState(draft.spec);
  useEffect(() => {
    const timer = setTimeout(() => setSpec(draft.spec), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft.spec]);
  const preview = useQuery({
    queryKey: ['registry', 'scheme-preview', deviceId, spec],
    queryFn: ({ signal }) => schemesApi.preview({ spec, device_id: deviceId! }, signal),
    enabled: Boolean(deviceId) && valid,
    retry: false,
  });
  const calculated = spec.metrics.calculated_metrics;
  const raw = spec.metrics.raw_metrics;
  const decimals = new Map([...raw, ...calculated].map((m) => [m.key, m.decimals ?? 3]));
  const number = (key: string, value: number | undefined) =>
    value === undefined
      ? '—'
      : value.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: decimals.get(key) });
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('preview.hint', { count: SCHEME_PREVIEW_READINGS })}
      </Typography>
      <Autocomplete
        options={options}
        loading={devices.isPending}
        value={options.find((d) => d.id === deviceId) ?? null}
        onChange={(_, device) => setDeviceId(device?.id ?? null)}
        getOptionLabel={(d) => `${d.eid} · ${d.title}`}
        groupBy={(d) => (d.scheme?.id === schemeId && schemeId ? t('preview.ofScheme') : t('preview.others'))}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} size="small" label={t('preview.device')} />}
        sx={{ maxWidth: 480 }}
      />
      {!valid && deviceId && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('preview.fixFirst')}
        </Alert>
      )}
      {preview.isFetching && <LinearProgress sx={{ mt: 1.5 }} aria-label={t('preview.loading')} />}
      {preview.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {preview.error instanceof ApiError && preview.error.status < 500
            ? preview.error.message
            : t('preview.failed')}
        </Alert>
      )}
      {preview.data && preview.data.objects.length === 0 && (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('preview.noReadings')}
        </Alert>
      )}
      {preview.data && preview.data.objects.length > 0 && (
        <TableContainer sx={{ mt: 1.5, maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={t('preview.table')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('preview.readAt')}</TableCell>
                {raw.map((m) => (
                  <TableCell key={`r-${m.key}`} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {m.label || m.key} {m.unit && `(${m.unit})`}
                  </TableCell>
                ))}
                {calculated.map((m) => (
                  <TableCell
                    key={`c-${m.key}`}
                    align="right"
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'primary.main' }}
                  >
                    {m.label || m.key} {m.unit && `(${m.unit})`}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.objects.map((row) => (
                <TableRow key={row.read_at}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDisplayDate(row.read_at, i18n.resolvedLanguage ?? 'en-US')}
                  </TableCell>
                  {raw.map((m) => (
                    <TableCell key={`r-${m.key}`} align="right">
                      {number(m.key, row.raw_metrics[m.key])}
                    </TableCell>
                  ))}
                  {calculated.map((m) => (
                    <TableCell key={`c-${m.key}`} align="right" sx={{ fontWeight: 600 }} title={row.errors[m.key]}>
                      {row.errors[m.key] ? (
                        <Typography component="span" variant="body2" color="error">
                          {row.errors[m.key]}
                        </Typography>
                      ) : (
                        number(m.key, row.calculated_metrics[m.key])
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
