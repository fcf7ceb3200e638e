import { Box } from '@mui/material';
import { LIMIT_LINE_COLOURS } from '@vigil/domain';
import type { GaugeScale, GaugeZone } from '../model/gauge-scale.ts';

const ZONE_COLOUR: Record<GaugeZone, string> = {
  normal: '#2E9E4F',
  warning: LIMIT_LINE_COLOURS.warning,
  critical: LIMIT_LINE_COLOURS.critical,
};

// A half circle, 200 × 110 user units, centred at (100, 100), radius 80.
const CX = 100;
const CY = 100;
const R = 80;
const point = (fraction: number, radius = R) => {
  const angle = Math.PI * (1 - Math.min(1, Math.max(0, fraction)));
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)] as const;
};
const arc = (from: number, to: number) => {
  const [x1, y1] = point(from);
  const [x2, y2] = point(to);
  return `M ${x1} ${y1} A ${R} ${R} 0 0 1 ${x2} ${y2}`;
};

/** The dial: coloured bands of the scale and a needle at the value (none without a value). */
export function GaugeDial({ scale, value, label }: { scale: GaugeScale; value: number | null; label: string }) {
  const fraction = (v: number) => (v - scale.min) / (scale.max - scale.min);
  const needle = value === null ? null : point(fraction(value), R - 18);
  return (
    <Box
      component="svg"
      viewBox="0 0 200 110"
      role="img"
      aria-label={label}
      sx={{ width: '100%', height: '100%', display: 'block' }}
    >
      {scale.bands.map((band) => (
        <path
          key={`${band.from}-${band.zone}`}
          d={arc(fraction(band.from), fraction(band.to))}
          stroke={ZONE_COLOUR[band.zone]}
          strokeWidth={14}
          fill="none"
          opacity={band.zone === 'normal' ? 0.55 : 0.9}
        />
      ))}
      {needle && (
        <>
          <line
            x1={CX}
            y1={CY}
            x2={needle[0]}
            y2={needle[1]}
            stroke="currentColor"
            strokeWidth={3}
            strokeLinecap="round"
          />
          <circle cx={CX} cy={CY} r={5} fill="currentColor" />
        </>
      )}
    </Box>
  );
}
