import { Box, Typography } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The title of a login mode. `focus` moves keyboard and screen-reader focus to it when a mode without
 * a field to type in appears, so that the switch is announced.
 */
export function ScreenHeading({ title, intro, focus = false }: { title: string; intro?: ReactNode; focus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Box>
      <Typography ref={ref} tabIndex={-1} variant="h5" component="h1" sx={{ fontWeight: 650, outline: 'none' }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {intro}
        </Typography>
      )}
    </Box>
  );
}
