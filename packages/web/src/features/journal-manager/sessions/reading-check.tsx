import { Box, Typography } from '@mui/material';
import type { ReadingCheck } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { checkLines, type CheckedMetricInfo } from '../model/reading-checks.ts';

/**
 * A manual reading beside its logger's reading nearest in time (ADR 0042): each metric both have, the
 * hand value, the logger's and the difference, as an engineer checks a gauge against a dip meter.
 */
export function ReadingCheckView({
  check,
  toleranceMinutes,
  describe,
}: {
  check: ReadingCheck;
  toleranceMinutes: number;
  describe: (key: string) => CheckedMetricInfo | undefined;
}) {
  const { t, i18n } = useTranslation('journal');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const lines = checkLines(check, describe, locale);
  return (
    <Box
      role="group"
      aria-label={t('checks.label')}
      sx={{ mt: 0.5, pl: 1, borderLeft: 2, borderColor: check.logger_read_at ? 'info.main' : 'divider' }}
    >
      {check.logger_read_at === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('checks.none', { minutes: toleranceMinutes })}
        </Typography>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('checks.loggerAt', { date: formatDisplayDate(check.logger_read_at, locale) })}
          </Typography>
          {lines.map((line) => (
            <Typography key={line.key} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <Box component="span" sx={{ fontWeight: 500 }}>
                {line.label}
              </Box>
              {': '}
              {/* each value stays whole when a phone's line wraps */}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {t('checks.hand', { value: line.manual })}
              </Box>
              {' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {t('checks.logger', { value: line.logger })}
              </Box>
              {' · '}
              <Box component="span" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {t('checks.difference', { difference: line.difference })}
              </Box>
            </Typography>
          ))}
          {lines.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('checks.nothingInCommon')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
