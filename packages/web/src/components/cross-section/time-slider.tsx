import { Box, MenuItem, Select, Slider, Typography } from '@mui/material';
import { PRESET_LISTS, type TimePreset } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

/**
 * The period of the history and a slider that replays it: a stop per day with readings, and "Now"
 * at the right end for the latest readings.
 */
export function TimeSlider({
  period,
  onPeriod,
  days,
  index,
  onIndex,
}: {
  period: TimePreset;
  onPeriod: (period: TimePreset) => void;
  /** the days of the period with readings, oldest first (epoch ms) */
  days: readonly number[];
  /** the day shown; null for now */
  index: number | null;
  onIndex: (index: number | null) => void;
}) {
  const { t, i18n } = useTranslation(['crossSections', 'dashboards']);
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const dayText = (day: number) =>
    new Date(day).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const at = index ?? days.length;
  const textOf = (value: number) => (value >= days.length ? t('timeSlider.now') : dayText(days[value]!));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', px: 0.5 }}>
      <Select
        size="small"
        value={period}
        onChange={(event) => onPeriod(event.target.value as TimePreset)}
        inputProps={{ 'aria-label': t('timeSlider.period') }}
        sx={{ fontSize: 13, '& .MuiSelect-select': { py: 0.5 } }}
      >
        {PRESET_LISTS.default.presets.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`dashboards:presets.${preset}`)}
          </MenuItem>
        ))}
      </Select>
      <Slider
        size="small"
        min={0}
        max={Math.max(days.length, 1)}
        step={1}
        value={at}
        disabled={days.length === 0}
        onChange={(_, value) => onIndex((value as number) >= days.length ? null : (value as number))}
        getAriaValueText={textOf}
        valueLabelFormat={textOf}
        valueLabelDisplay="auto"
        aria-label={t('timeSlider.label')}
        sx={{ flex: 1, minWidth: 160, mx: 1 }}
      />
      <Typography variant="caption" sx={{ minWidth: 90, fontWeight: 600 }} aria-live="polite">
        {days.length === 0 ? t('timeSlider.noHistory') : textOf(at)}
      </Typography>
    </Box>
  );
}
