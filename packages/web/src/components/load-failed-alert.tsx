import { Alert, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A load that failed: what failed, in a red banner, with a button to try again. */
export function LoadFailedAlert({ children, onRetry }: { children: ReactNode; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
