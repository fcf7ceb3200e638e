import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Box, Button, ListItem, Stack, Typography } from '@mui/material';
import type { ManualReading, ReadingCheck, SchemeObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { describeFromScheme, metricText } from '../../../components/manual-readings/manual-history.ts';
import { useManualSummary } from '../../../components/manual-readings/manual-reading-chip.tsx';
import { describeSchemeMetric } from '../model/reading-checks.ts';
import { ReadingCheckView } from './reading-check.tsx';

interface SessionReadingItemProps {
  reading: ManualReading;
  /** the reading's device, as the list names it */
  title: string;
  scheme: SchemeObject | undefined;
  /** the reading beside its logger's, once the check has come */
  check?: ReadingCheck;
  toleranceMinutes?: number;
  /** absent for a user who may not correct the reading */
  onCorrect?: () => void;
  onHistory(): void;
}

/** One reading of a data session: its device, values with units, read time, who entered it, and what to do with it. */
export function SessionReadingItem({
  reading,
  title,
  scheme,
  check,
  toleranceMinutes,
  onCorrect,
  onHistory,
}: SessionReadingItemProps) {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const summary = useManualSummary();
  const describe = describeFromScheme(scheme);
  return (
    <ListItem
      divider
      disableGutters
      aria-label={title}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { sm: 'center' },
        gap: 1,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography variant="body2">
          {Object.entries(reading.raw_metrics)
            .map(([key, value]) => {
              const text = metricText(key, value, describe, locale);
              return `${text.label} ${text.value}`;
            })
            .join(' · ')}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('sessions.readAt', { date: formatDisplayDate(reading.read_at, locale) })} · {summary(reading)}
        </Typography>
        {check && toleranceMinutes !== undefined && (
          <ReadingCheckView check={check} toleranceMinutes={toleranceMinutes} describe={describeSchemeMetric(scheme)} />
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flex: 'none' }}>
        {onCorrect && (
          <Button size="small" startIcon={<EditOutlined />} onClick={onCorrect}>
            {t('sessions.correct')}
          </Button>
        )}
        <Button size="small" startIcon={<HistoryOutlined />} onClick={onHistory}>
          {t('sessions.history')}
        </Button>
      </Stack>
    </ListItem>
  );
}
