import { Box, CircularProgress, Typography } from '@mui/material';

/** Shown while the application starts or a whole area loads. */
export function FullScreenLoader({ label }: { label?: string }) {
  return (
    <Box
      role="progressbar"
      aria-label={label ?? 'Loading'}
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
        <CircularProgress />
        {label && <Typography color="text.secondary">{label}</Typography>}
      </Box>
    </Box>
  );
}
