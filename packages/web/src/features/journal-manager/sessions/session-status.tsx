import { Chip } from '@mui/material';
import type { DataSession } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/** A session's status as a chip: open (readings may still come) or submitted. */
export function SessionStatus({ status }: { status: DataSession['status'] }) {
  const { t } = useTranslation('journal');
  return (
    <Chip
      size="small"
      label={t(`sessions.status.${status}`)}
      color={status === 'submitted' ? 'success' : 'warning'}
      variant={status === 'submitted' ? 'outlined' : 'filled'}
    />
  );
}
