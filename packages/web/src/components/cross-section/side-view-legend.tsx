import { Box, Typography } from '@mui/material';
import { LIMIT_LINE_COLOURS } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sensorPaint, WATER } from './side-view-options.ts';

const line = (colour: string, dash?: string, width = 2) => (
  <svg width="22" height="8" aria-hidden="true">
    <path d="M1 4 H21" stroke={colour} strokeWidth={width} strokeDasharray={dash} />
  </svg>
);

const triangle = (paint: { fill: string; stroke: string; hollow: boolean }) => (
  <svg width="12" height="12" viewBox="0 0 18 18" aria-hidden="true">
    <path d="M1 2 H17 L9 16 Z" fill={paint.fill} stroke={paint.hollow ? paint.stroke : '#0b2a55'} strokeWidth="1.5" />
  </svg>
);

/** What the side view's symbols mean. */
export function SideViewLegend() {
  const { t } = useTranslation('crossSections');
  const items: Array<[ReactNode, string]> = [
    [triangle(sensorPaint({ dry: false, stale: false, invalid: false, value: 1 })), t('legend.level')],
    [line(WATER.line, undefined, 3), t('lines.phreatic')],
    [line(WATER.line, '2 3', 1.5), t('legend.minMax')],
    [line(LIMIT_LINE_COLOURS.warning, '6 3'), t('lines.warning')],
    [line(LIMIT_LINE_COLOURS.critical, '6 3'), t('lines.critical')],
    [triangle(sensorPaint({ dry: true, stale: false, invalid: false, value: 1 })), t('status.dry')],
    [triangle(sensorPaint({ dry: false, stale: true, invalid: false, value: 1 })), t('status.stale')],
    [triangle(sensorPaint({ dry: false, stale: false, invalid: true, value: null })), t('status.invalid')],
  ];
  return (
    <Box
      component="ul"
      aria-label={t('legend.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, m: 0, p: 0, listStyle: 'none', px: 0.5 }}
    >
      {items.map(([symbol, text]) => (
        <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {symbol}
          <Typography variant="caption" color="text.secondary">
            {text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
