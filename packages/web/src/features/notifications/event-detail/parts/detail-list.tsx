import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

const missing = (value: ReactNode) => value === null || value === undefined || value === '';

/** Labelled values of an event; a missing value shows N/A (requirements#monitoring-screens). */
export function DetailList({ items }: { items: DetailItem[] }) {
  const { t } = useTranslation('notifications');
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // One label width for every list of the detail, so the entity block and the body line up;
        // side by side on a phone too, so that the body starts within the first screen.
        gridTemplateColumns: { xs: '35% minmax(0, 1fr)', sm: '12rem minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {missing(value) ? t('detail.na') : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A context value as text: strings and numbers as they are, anything else missing. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** A number with four decimals (requirements#monitoring-screens), or missing. */
export function fourDecimals(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(4) : null;
}
