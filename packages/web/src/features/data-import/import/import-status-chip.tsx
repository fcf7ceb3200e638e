import { Chip } from '@mui/material';
import type { ImportStatus } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = { queued: 'default', running: 'info', done: 'success', failed: 'error' } as const;

/** An import's status in words and colour. */
export function ImportStatusChip({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('dataImport');
  return <Chip size="small" variant="outlined" color={COLOURS[status]} label={t(`status.${status}`)} />;
}
