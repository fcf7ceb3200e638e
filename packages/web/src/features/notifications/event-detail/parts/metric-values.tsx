import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fourDecimals } from './detail-list.tsx';

/** How many values show before "Show All (n)" (requirements#monitoring-screens). */
export const PREVIEWED_VALUES = 3;

/** A list of metric values: the first three with four decimals, and a toggle for all of them. */
export function MetricValues({ values }: { values: unknown }) {
  const { t } = useTranslation('notifications');
  const [all, setAll] = useState(false);
  const numbers = Array.isArray(values) ? values.filter((v): v is number => typeof v === 'number') : [];
  if (!numbers.length) return <>{t('detail.na')}</>;
  const shown = all ? numbers : numbers.slice(0, PREVIEWED_VALUES);
  return (
    // The toggle follows the values, and starts the next line, flush left, when they fill this one.
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
      <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {shown.map((v) => fourDecimals(v)).join(', ')}
        {!all && numbers.length > PREVIEWED_VALUES && ', …'}
      </Typography>
      {numbers.length > PREVIEWED_VALUES && (
        <Button size="small" onClick={() => setAll((v) => !v)} sx={{ py: 0, px: 0.5, mx: -0.5, minWidth: 0 }}>
          {all ? t('detail.showLess') : t('detail.showAll', { count: numbers.length })}
        </Button>
      )}
    </Box>
  );
}
