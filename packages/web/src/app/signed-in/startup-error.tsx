import { Alert, Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** App start failed for another reason than the session (server down, network): offer a retry. */
export function StartupError({ message }: { message: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 520 }}
        action={
          <Button color="inherit" size="small" onClick={() => void queryClient.refetchQueries()}>
            {t('startup.retry')}
          </Button>
        }
      >
        {t('startup.failed')} {message}
      </Alert>
    </Box>
  );
}
