import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import type { TimelineEntry } from '../model/calibration-timeline.ts';
import { CertificateLink } from './certificate-link.tsx';

/** One calibration of the timeline: its date and standing, factors, sensor, certificate, notes and author. */
export function CalibrationEntry({
  entry,
  last,
  onEdit,
  onDelete,
}: {
  entry: TimelineEntry;
  last: boolean;
  onEdit?(): void;
  onDelete?(): void;
}) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { calibration, standing } = entry;
  const date = formatDisplayDate(calibration.effective_from, locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 12 });
  return (
    <Box component="li" aria-label={t('calibrations.entryLabel', { date })} sx={{ display: 'flex', gap: 1.5 }}>
      {/* the timeline's rail: a dot per calibration, joined down to the one before */}
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 2.25, flex: '0 0 12px' }}>
        <Box
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            bgcolor: standing === 'inEffect' ? 'success.main' : standing === 'scheduled' ? 'info.main' : 'grey.400',
          }}
        />
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
      </Box>
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 2 }, mb: last ? 0 : 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            <time dateTime={calibration.effective_from}>{date}</time>
          </Typography>
          {standing !== 'superseded' && (
            <Chip
              size="small"
              color={standing === 'inEffect' ? 'success' : 'info'}
              label={t(`calibrations.standing.${standing}`)}
            />
          )}
          <Box sx={{ flex: 1 }} />
          {onEdit && (
            <Tooltip title={t('actions.edit')}>
              <IconButton size="small" aria-label={t('calibrations.editOf', { date })} onClick={onEdit}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title={t('actions.delete')}>
              <IconButton size="small" aria-label={t('calibrations.deleteOf', { date })} onClick={onDelete}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Box
          component="dl"
          aria-label={t('calibrations.factors')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
            gap: 1,
            my: 1.5,
            '& dt': { typography: 'caption', color: 'text.secondary', fontFamily: 'monospace' },
            '& dd': { m: 0, typography: 'body2', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
          }}
        >
          {Object.entries(calibration.factors).map(([name, value]) => (
            <div key={name}>
              <dt>cal.{name}</dt>
              <dd>{number.format(value)}</dd>
            </div>
          ))}
        </Box>
        <Stack spacing={0.5}>
          {calibration.serial_number && (
            <Typography variant="body2">
              {t('calibrations.serialNumber')}: {calibration.serial_number}
            </Typography>
          )}
          {calibration.certificate_file_id && <CertificateLink fileId={calibration.certificate_file_id} />}
          {calibration.notes && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {calibration.notes}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('calibrations.entered', {
              user: calibration.created_by ?? t('calibrations.unknownUser'),
              date: formatDisplayDate(calibration.created_at, locale),
            })}
          </Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
