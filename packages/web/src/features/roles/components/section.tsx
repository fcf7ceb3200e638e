import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  description: string;
  children: ReactNode;
  /** e.g. a count or a status chip, at the right of the title */
  aside?: ReactNode;
}

/** A titled part of a card; a `region` named by its title, so it can be found and read as one. */
export function Section({ title, description, children, aside }: SectionProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}
