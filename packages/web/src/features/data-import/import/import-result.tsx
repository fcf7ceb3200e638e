import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { Alert, AlertTitle, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { LoggerImport } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { importProfilesQuery } from '../api/import-profiles-api.ts';
import { useCountFormat } from '../model/use-count-format.ts';

/** Bad lines listed on screen; the rest are counted (the server keeps the first 1,000). */
const LINES_SHOWN = 100;
/** Devices linked to their charts at most: a chain of dozens is reached from the first. */
const DEVICES_LINKED = 6;
const COUNTS = ['readings_accepted', 'duplicates', 'invalid_values', 'out_of_scope'] as const;

/** What an import stored and skipped: its counts, the columns not mapped, each bad line, its devices' charts. */
export function ImportResult({ run }: { run: LoggerImport }) {
  const { t } = useTranslation('dataImport');
  const count = useCountFormat();
  const { result } = run;
  return (
    <Stack spacing={1.5} role="region" aria-label={t('result.label', { file: run.file_name })}>
      {run.status === 'failed' && (
        <Alert severity="error">
          <AlertTitle>{t('result.failed')}</AlertTitle>
          {run.error ?? t('result.failedUnknown')}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
      >
        {COUNTS.filter((key) => key !== 'out_of_scope' || result.out_of_scope > 0).map((key) => (
          <Box key={key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t(`result.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {count(result[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.unmapped_columns.length > 0 && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('result.unmapped')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {result.unmapped_columns.map((column) => (
              <Chip key={column} size="small" label={column} />
            ))}
          </Stack>
        </Box>
      )}
      {result.errors.length > 0 && <BadLines errors={result.errors} />}
      {result.readings_accepted + result.duplicates > 0 && <DeviceLinks profileId={run.profile} />}
    </Stack>
  );
}

function BadLines({ errors }: { errors: LoggerImport['result']['errors'] }) {
  const { t } = useTranslation('dataImport');
  return (
    <Alert severity="warning" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <AlertTitle>{t('result.badLines', { lines: errors.length })}</AlertTitle>
      <Box
        component="ol"
        aria-label={t('result.badLinesList')}
        sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 240, overflow: 'auto' }}
      >
        {errors.slice(0, LINES_SHOWN).map((error, index) => (
          <Typography component="li" variant="body2" key={index} sx={{ overflowWrap: 'anywhere' }}>
            {error.line > 0 ? t('result.line', { line: error.line, message: error.message }) : error.message}
          </Typography>
        ))}
      </Box>
      {errors.length > LINES_SHOWN && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('result.moreLines', { more: errors.length - LINES_SHOWN })}
        </Typography>
      )}
    </Alert>
  );
}

/** Links to the dashboards of the devices the profile maps, where the imported readings show. */
function DeviceLinks({ profileId }: { profileId: string }) {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const profiles = useQuery(importProfilesQuery(project.id));
  const devices = useQuery(deviceChoicesQuery(project.id));
  const eids = new Set(profiles.data?.find((p) => p.id === profileId)?.columns.map((c) => c.eid));
  const linked = (devices.data ?? []).filter((d) => eids.has(d.eid)).slice(0, DEVICES_LINKED);
  if (linked.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {linked.map((device) => (
        <Button
          key={device.id}
          size="small"
          variant="outlined"
          startIcon={<ShowChartOutlined />}
          component={RouterLink}
          to={`/safety-state/device/${device.monitored_entity_type}/${encodeURIComponent(device.id)}`}
        >
          {t('result.openChart', { device: device.title })}
        </Button>
      ))}
    </Stack>
  );
}
