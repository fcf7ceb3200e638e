import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import { Chip, Tooltip } from '@mui/material';
import type { ManualReadingInfo } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../dates/display-date.ts';
import type { DescribeMetric } from './manual-history.ts';
import { ManualReadingHistoryDialog } from './manual-reading-history-dialog.tsx';

/** Who entered a manual reading and when, and its last correction, in one sentence. */
export function useManualSummary() {
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (manual: Pick<ManualReadingInfo, 'entered_by' | 'entered_at' | 'corrected_by' | 'corrected_at'>) => {
    const entered = t('manual.entered', {
      user: manual.entered_by ?? t('manual.unknownUser'),
      date: formatDisplayDate(manual.entered_at, locale),
    });
    if (!manual.corrected_at) return entered;
    const corrected = t('manual.corrected', {
      user: manual.corrected_by ?? t('manual.unknownUser'),
      date: formatDisplayDate(manual.corrected_at, locale),
    });
    return `${entered}; ${corrected}`;
  };
}

/**
 * Marks a reading entered by hand: "Manual" (or "Corrected"), saying who entered it and when; a
 * click opens its history.
 */
export function ManualReadingChip({
  manual,
  subject,
  describe,
}: {
  manual: ManualReadingInfo;
  subject?: string;
  describe?: DescribeMetric;
}) {
  const { t } = useTranslation('dataEntry');
  const summary = useManualSummary()(manual);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={summary}>
        <Chip
          size="small"
          variant="outlined"
          color="primary"
          icon={<EditNoteOutlined />}
          label={manual.corrected_at ? t('manual.chipCorrected') : t('manual.chip')}
          aria-label={t('manual.chipLabel', { summary })}
          onClick={() => setOpen(true)}
          sx={{ fontWeight: 500 }}
        />
      </Tooltip>
      <ManualReadingHistoryDialog
        readingId={open ? manual.id : null}
        subject={subject}
        describe={describe}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
