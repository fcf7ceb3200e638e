import { Box, Checkbox, CircularProgress, type CheckboxProps } from '@mui/material';

/** A checkbox that shows a spinner over itself while its change is being saved. */
export function BusyCheckbox({ busy, disabled, ...props }: CheckboxProps & { busy: boolean }) {
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <Checkbox {...props} disabled={disabled || busy} />
      {busy && (
        <CircularProgress
          size={22}
          aria-hidden
          sx={{ position: 'absolute', top: '50%', left: '50%', mt: '-11px', ml: '-11px', pointerEvents: 'none' }}
        />
      )}
    </Box>
  );
}
