import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';

/** Placeholder rows in the shape of a list or a table while it loads. */
export function LoadingRows({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <Stack spacing={1.5} role="status" aria-label={label} aria-busy sx={{ py: 1 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Skeleton variant="rounded" width={22} height={22} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width={`${60 - ((i * 13) % 30)}%`} />
            <Skeleton width={`${35 - ((i * 7) % 15)}%`} height={14} />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** A load that failed: what failed, the server's reason when it gave one, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('roles');
  const reason =
    error instanceof ApiError ? error.message : error instanceof TypeError ? t('errors.network') : t('errors.unknown');
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {reason}
    </Alert>
  );
}

/** Nothing to show: said plainly, with what it would hold. */
export function EmptyState({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'background.default' }}
    >
      <Box aria-hidden sx={{ color: 'text.disabled', '& svg': { fontSize: 40 } }}>
        {icon}
      </Box>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, mt: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 420, mx: 'auto' }}>
        {body}
      </Typography>
    </Paper>
  );
}
