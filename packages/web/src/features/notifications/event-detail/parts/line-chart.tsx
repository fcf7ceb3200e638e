import { Box, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayTicks, linePath, niceTicks, scales, valueDomain, type ChartPoint } from '../../model/chart-geometry.ts';

interface LineChartProps {
  points: ChartPoint[];
  limits: Array<{ name: string; value: number; colour: string; label: string }>;
  time: [number, number];
  /** the time of the event's reading, drawn as a dashed line */
  marker: number;
  height: number;
  label: string;
}

const BOX = { left: 52, right: 12, top: 10, bottom: 24 };

/** A light SVG line chart: one series, horizontal limit lines and the event's time. */
export function LineChart({ points, limits, time, marker, height, label }: LineChartProps) {
  const theme = useTheme();
  const { i18n } = useTranslation();
  const [ref, width] = useWidth();
  const [min, max] = valueDomain(
    points.map((p) => p.v),
    limits.map((l) => l.value),
  );
  const { x, y } = scales({ width, height, ...BOX }, time, [min, max]);
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', month: 'short' });
  const number = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });
  const axis = theme.palette.text.secondary;
  const grid = theme.palette.divider;

  return (
    <Box ref={ref} sx={{ width: '100%' }}>
      <svg width={width} height={height} role="img" aria-label={label} style={{ display: 'block', fontSize: 11 }}>
        {niceTicks(min, max).map((v) => (
          <g key={v}>
            <line x1={BOX.left} x2={width - BOX.right} y1={y(v)} y2={y(v)} stroke={grid} />
            <text x={BOX.left - 6} y={y(v)} dy="0.32em" textAnchor="end" fill={axis}>
              {number.format(v)}
            </text>
          </g>
        ))}
        {dayTicks(time[0], time[1], Math.max(2, Math.floor(width / 90))).map((t) => (
          <text key={t} x={x(t)} y={height - 6} textAnchor="middle" fill={axis}>
            {day.format(t)}
          </text>
        ))}
        <line x1={x(marker)} x2={x(marker)} y1={BOX.top} y2={height - BOX.bottom} stroke={axis} strokeDasharray="4 3" />
        {limits.map((l) => (
          <line
            key={l.name}
            x1={BOX.left}
            x2={width - BOX.right}
            y1={y(l.value)}
            y2={y(l.value)}
            stroke={l.colour}
            strokeWidth={1.5}
            strokeDasharray="6 3"
          />
        ))}
        <path
          d={linePath(points, x, y, 6 * 3_600_000)}
          fill="none"
          stroke={theme.palette.primary.main}
          strokeWidth={1.75}
        />
        {points.length <= 60 &&
          points.map((p) => <circle key={p.t} cx={x(p.t)} cy={y(p.v)} r={2.5} fill={theme.palette.primary.main} />)}
        {/* The limits' names above the series, with a halo: legible where the series runs under them. */}
        {limits.map((l) => (
          <text
            key={l.name}
            x={width - BOX.right - 4}
            y={y(l.value) - 4}
            textAnchor="end"
            fill={l.colour}
            fontWeight={600}
            stroke={theme.palette.background.paper}
            strokeWidth={3}
            paintOrder="stroke"
          >
            {l.label} {number.format(l.value)}
          </text>
        ))}
      </svg>
    </Box>
  );
}

/** A box's width, followed as it resizes. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(
      ([entry]) => entry && setWidth(Math.max(200, Math.floor(entry.contentRect.width))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
