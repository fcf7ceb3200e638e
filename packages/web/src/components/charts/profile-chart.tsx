import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import 'uplot/dist/uPlot.min.css';
import { hasNoValues, profileData, type ProfileInput } from './profile-model.ts';
import { profileOptions } from './profile-options.ts';
import { ProfileTable } from './profile-table.tsx';
import { useUplot } from './use-uplot.ts';
import { useLatestCallback } from './use-latest-callback.ts';

export interface ProfileChartProps {
  /** Keep the array stable (memoise it): a new array redraws the plot. */
  profiles: ProfileInput[];
  /** drawn dashed on both sides (±limit) from the top node to the deepest */
  limit?: number | null;
  height: number | 'fill';
  ariaLabel: string;
  /** the name of the table of values */
  tableLabel: string;
  /** true: the table of values is shown instead of the plot; false: it is there for screen readers only */
  showTable?: boolean;
  noDataText: string;
  texts: { depth: string; displacement: string; limit: string };
}

/**
 * Displacement against depth (uPlot): depth grows downwards, a line with markers per profile (dates
 * overlaid), an optional limit profile and a zero line. Its numbers are in a table, shown on request.
 */
export function ProfileChart(props: ProfileChartProps) {
  const locale = useTranslation().i18n.language || undefined;
  const format = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format, [locale]);
  const empty = useMemo(() => hasNoValues(props.profiles), [props.profiles]);
  const box = props.height === 'fill' ? { flex: '1 1 0', minHeight: 0 } : { height: props.height };
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', height: props.height === 'fill' ? '100%' : 'auto', minWidth: 0 }}
    >
      {empty ? (
        <Box role="img" aria-label={props.ariaLabel} sx={{ ...box, display: 'grid', placeItems: 'center' }}>
          <Typography variant="overline" color="text.secondary">
            {props.noDataText}
          </Typography>
        </Box>
      ) : props.showTable ? (
        <Box sx={{ ...box, overflow: 'auto' }}>
          <Table {...props} format={format} visible />
        </Box>
      ) : (
        <>
          <Plot {...props} format={format} />
          <Table {...props} format={format} visible={false} />
        </>
      )}
    </Box>
  );
}

type Formatted = ProfileChartProps & { format(value: number): string };

const Table = ({ profiles, tableLabel, texts, format, visible }: Formatted & { visible: boolean }) => (
  <ProfileTable profiles={profiles} label={tableLabel} depthHeading={texts.depth} format={format} visible={visible} />
);

function Plot({ profiles, limit = null, height, ariaLabel, texts, format }: Formatted) {
  const theme = useTheme();
  const hostRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const data = useMemo(() => profileData(profiles, limit), [profiles, limit]);
  // what the uPlot instance is built from; new values alone are fed to the instance it already has
  const key = JSON.stringify([profiles.map((p) => [p.key, p.label, p.colour]), limit, texts]);
  const shape = useMemo(() => ({ key, theme, format }), [key, theme, format]);
  const formatValue = useLatestCallback((v: number) => format(v));

  const plot = useUplot(
    hostRef,
    shape,
    (size) =>
      profileOptions({
        ...size,
        profiles,
        limit,
        theme,
        legend: legendRef.current!,
        texts,
        formatDepth: formatValue,
        formatValue,
      }),
    data,
  );

  useLayoutEffect(() => {
    const canvas = plot.current?.ctx.canvas;
    canvas?.setAttribute('role', 'img');
    canvas?.setAttribute('aria-label', ariaLabel);
  }, [plot, shape, ariaLabel]);

  const box = height === 'fill' ? { flex: '1 1 0', minHeight: 0 } : { height };
  return (
    <>
      <Box ref={hostRef} sx={{ ...box, width: '100%', overflow: 'hidden' }} />
      <Box
        ref={legendRef}
        sx={{
          flex: 'none',
          '& .u-legend': { fontSize: theme.typography.caption.fontSize },
          '& .u-legend .u-series': { px: 0.5, py: 0 },
          '& .u-legend .u-value': { fontVariantNumeric: 'tabular-nums' },
        }}
      />
    </>
  );
}
