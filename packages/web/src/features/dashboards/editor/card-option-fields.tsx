import { FormControlLabel, MenuItem, Switch, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  AGGREGATE_INTERVALS,
  AGGREGATION_TABLE_FUNCTIONS,
  INTERPOLATION_METHOD_REQUIRED,
  INTERPOLATION_METHODS,
  MAP_ZOOM,
  RATE_OF_CHANGE_DAYS,
  RATE_OF_CHANGE_RESULTS,
  WEATHER_UNITS,
} from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { periodForInterval, type CardDraft } from './card-draft.ts';
import { CrossSectionFields } from './cross-section-fields.tsx';

interface OptionFieldsProps {
  draft: CardDraft;
  set(change: Partial<CardDraft>): void;
  /** shown once the user tried to add the card */
  errors: Partial<Record<string, string>>;
}

/** The options of the analysis, map and weather cards: aggregation, interpolation, change window, profile mode, zoom, units, section. */
export function CardOptionFields({ draft, set, errors }: OptionFieldsProps) {
  const { t } = useTranslation(['dashboards', 'crossSections']);
  switch (draft.type) {
    case 'aggregation-table':
      return (
        <>
          <ChoiceField
            label={t('editor.function')}
            value={draft.fn}
            choices={AGGREGATION_TABLE_FUNCTIONS}
            choiceLabel={(fn) => t(`functions.${fn}`)}
            onChange={(fn) => set({ fn })}
          />
          <ChoiceField
            label={t('editor.interval')}
            value={draft.interval}
            choices={AGGREGATE_INTERVALS}
            choiceLabel={(interval) => t(`intervals.${interval}`)}
            onChange={(interval) => set({ interval, period: periodForInterval(interval) })}
          />
        </>
      );
    case 'heatmap':
      return (
        <>
          <ChoiceField
            required
            label={t('editor.method')}
            value={draft.method}
            error={Boolean(errors.method)}
            helperText={errors.method === INTERPOLATION_METHOD_REQUIRED ? t('editor.methodRequired') : errors.method}
            choices={INTERPOLATION_METHODS}
            choiceLabel={(method) => t(`methods.${method}`)}
            onChange={(method) => set({ method })}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={draft.display}
            onChange={(_, display) => display && set({ display })}
          >
            <ToggleButton value="interpolated">{t('editor.surface')}</ToggleButton>
            <ToggleButton value="bubbles">{t('editor.bubbles')}</ToggleButton>
          </ToggleButtonGroup>
          {draft.display === 'bubbles' && (
            <TextField
              type="number"
              label={t('editor.bubbleSize')}
              value={draft.bubbleSize}
              error={Boolean(errors.bubble_size)}
              helperText={errors.bubble_size ? t('editor.bubbleSizeRange') : ' '}
              onChange={(e) => set({ bubbleSize: Number(e.target.value) })}
              slotProps={{ htmlInput: { min: 2, max: 40 } }}
            />
          )}
        </>
      );
    case 'rate-of-change':
      return (
        <>
          <TextField
            select
            label={t('editor.window')}
            value={draft.intervalDays}
            onChange={(e) => set({ intervalDays: Number(e.target.value) as CardDraft['intervalDays'] })}
          >
            {RATE_OF_CHANGE_DAYS.map((days) => (
              <MenuItem key={days} value={days}>
                {t('editor.days', { count: days })}
              </MenuItem>
            ))}
          </TextField>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={draft.resultType}
            onChange={(_, resultType) => resultType && set({ resultType })}
          >
            {RATE_OF_CHANGE_RESULTS.map((result) => (
              <ToggleButton key={result} value={result}>
                {t(`editor.results.${result}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </>
      );
    case 'inclinometer-profile':
      return (
        <>
          <ToggleButtonGroup exclusive size="small" value={draft.mode} onChange={(_, mode) => mode && set({ mode })}>
            <ToggleButton value="cumulative">{t('editor.cumulative')}</ToggleButton>
            <ToggleButton value="incremental">{t('editor.incremental')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            type="number"
            label={t('editor.limit')}
            value={draft.limit}
            error={Boolean(errors.limit)}
            helperText={errors.limit ? t('editor.limitPositive') : t('editor.limitHint')}
            onChange={(e) => set({ limit: e.target.value })}
          />
        </>
      );
    case 'state-map':
      return (
        <>
          <TextField
            type="number"
            label={t('editor.zoom')}
            value={draft.zoom}
            error={Boolean(errors.zoom)}
            helperText={t('editor.zoomRange', { min: MAP_ZOOM.min, max: MAP_ZOOM.max })}
            onChange={(e) => set({ zoom: Number(e.target.value) })}
            slotProps={{ htmlInput: { min: MAP_ZOOM.min, max: MAP_ZOOM.max, step: 1 } }}
          />
          <FormControlLabel
            control={<Switch checked={draft.displayNames} onChange={(e) => set({ displayNames: e.target.checked })} />}
            label={t('editor.displayNames')}
          />
          <FormControlLabel
            control={
              <Switch checked={draft.sectionsLayer} onChange={(e) => set({ sectionsLayer: e.target.checked })} />
            }
            label={t('crossSections:stateMapLayer')}
          />
        </>
      );
    case 'weather':
      return (
        <ChoiceField
          label={t('weather.units')}
          value={draft.units}
          helperText={t('weather.unitsHint')}
          choices={WEATHER_UNITS}
          choiceLabel={(units) => t(`weather.unitNames.${units}`)}
          onChange={(units) => set({ units })}
        />
      );
    case 'cross-section':
      return <CrossSectionFields draft={draft} set={set} />;
    default:
      return null;
  }
}
