import { Alert, Box, Button, LinearProgress, Skeleton, Typography } from '@mui/material';
import { DEFAULT_CARD_PRESET, presetRange, type CrossSection, type TimePreset } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../dates/use-now.ts';
import { moduleLoader } from '../lazy/module-loader.ts';
import { historicalLines, levelEnvelope, levelsOnDay } from './level-history.ts';
import { problemKeys } from './section-problems.ts';
import { SideViewLegend } from './side-view-legend.tsx';
import { DEFAULT_LAYERS, DEFAULT_TOGGLES, type LayerSet, type ToggleSet } from './side-view-options.ts';
import { verticalExaggeration } from './side-view-scale.ts';
import { SideViewToolbar } from './side-view-toolbar.tsx';
import { TimeSlider } from './time-slider.tsx';
import { useElementSize } from './use-element-size.ts';
import { useSideViewData } from './use-side-view-data.ts';

// Leaflet is a chunk of its own, loaded with the first map or side view shown.
const sideViewMap = moduleLoader(() => import('./side-view-map.tsx'));

/** Readings refresh as dashboard cards do (requirements#monitoring-constants). */
const CLOCK_MS = 900_000;

export interface SideViewProps {
  section: CrossSection;
  projectId: string;
  /** pixels, or 'fill' to fill a flex column (a card's body) */
  height: number | 'fill';
  /** readings fetched and drawn (default); the editor's preview draws the section alone */
  readings?: boolean;
  /** the diagram polygon being edited, outlined */
  highlight?: number | null;
  onPlaneClick?: (x: number, altitude: number) => void;
  onSensorClick?: (deviceId: string) => void;
  /** the vertical scale at first (requirements#monitoring-constants: 0 to 1000; 0 fits the box) */
  verticalScale?: number;
}

/**
 * The side-section of a cross section (requirements#monitoring-screens): its drawing to scale with the piezometers'
 * levels and the phreatic surface through them, the period's envelope and each day's surface,
 * limit levels and labels; the four toggles, the layers, the vertical scale and a time slider that
 * replays the period day by day. A section that cannot be drawn says what it lacks
 * (requirements#monitoring-validation).
 */
export function SideView({
  section,
  projectId,
  height,
  readings = true,
  highlight,
  onPlaneClick,
  onSensorClick,
  verticalScale = 0,
}: SideViewProps) {
  const { t } = useTranslation('crossSections');
  const map = sideViewMap.useModule();
  const now = useNow(CLOCK_MS);
  const [toggles, setToggles] = useState<ToggleSet>(DEFAULT_TOGGLES);
  const [layers, setLayers] = useState<LayerSet>(DEFAULT_LAYERS);
  const [scale, setScale] = useState(verticalScale);
  const [period, setPeriod] = useState<TimePreset>(DEFAULT_CARD_PRESET);
  // null: now (the latest readings); else the index of the day the slider is on
  const [dayIndex, setDayIndex] = useState<number | null>(null);
  const range = useMemo(() => presetRange(period, now), [period, now]);
  const [box, boxRef] = useElementSize();
  const problems = problemKeys(section);
  const drawable = problems.length === 0;
  const data = useSideViewData(projectId, section, range, now, readings && drawable);

  const day = dayIndex === null ? null : (data.daily.days[dayIndex] ?? null);
  const shown = useMemo(
    () => (day === null ? data.levels : levelsOnDay(data.levels, data.daily, day)),
    [day, data.levels, data.daily],
  );
  const envelope = useMemo(() => levelEnvelope(data.levels, data.daily), [data.levels, data.daily]);
  const history = useMemo(() => historicalLines(data.levels, data.daily), [data.levels, data.daily]);
  const exaggeration = verticalExaggeration(
    scale,
    { distance: section.distance, altitudeMin: section.altitude_min, altitudeMax: section.altitude_max },
    box,
  );
  const fill = height === 'fill';

  if (!drawable) {
    return (
      <Alert severity="info" sx={{ m: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('problems.heading')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {problems.map((problem) => (
            <li key={problem}>{t(problem)}</li>
          ))}
        </Box>
      </Alert>
    );
  }
  const unplaced = data.levels.filter((l) => l.x === null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, ...(fill ? { flex: 1, minHeight: 0 } : {}) }}>
      <SideViewToolbar
        toggles={toggles}
        onToggles={setToggles}
        layers={layers}
        onLayers={setLayers}
        scale={scale}
        onScale={setScale}
        exaggeration={exaggeration}
      />
      {readings && (data.loading || data.historyLoading) && (
        <LinearProgress aria-label={t('loading')} sx={{ height: 2 }} />
      )}
      {data.error && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={data.refetch}>
              {t('retry')}
            </Button>
          }
        >
          {t('readingsFailed')}
        </Alert>
      )}
      <Box
        ref={boxRef}
        role="region"
        aria-label={t('sideView.label', { name: section.name })}
        data-exaggeration={exaggeration}
        data-day={day === null ? 'now' : new Date(day).toISOString()}
        sx={{
          position: 'relative',
          width: '100%',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          ...(fill ? { flex: 1, minHeight: 220 } : { height }),
        }}
      >
        {map ? (
          <map.SideViewMap
            section={section}
            exaggeration={exaggeration}
            levels={shown}
            envelope={envelope}
            history={history}
            layers={layers}
            toggles={toggles}
            highlight={highlight}
            onPlaneClick={onPlaneClick}
            onSensorClick={onSensorClick}
          />
        ) : (
          <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: 'auto' }} />
        )}
      </Box>
      {readings && section.sensors.length > 0 && (
        <TimeSlider
          period={period}
          onPeriod={(next) => {
            setPeriod(next);
            setDayIndex(null);
          }}
          days={data.daily.days}
          index={dayIndex}
          onIndex={setDayIndex}
        />
      )}
      {unplaced.length > 0 && (
        <Typography variant="caption" color="text.secondary" role="note">
          {t('unplaced', { names: unplaced.map((l) => l.title).join(', '), count: unplaced.length })}
        </Typography>
      )}
      {readings && <SideViewLegend />}
    </Box>
  );
}
