import LayersOutlined from '@mui/icons-material/LayersOutlined';
import {
  Box,
  Button,
  Checkbox,
  ClickAwayListener,
  FormControlLabel,
  FormGroup,
  Paper,
  Popper,
  Slider,
  Switch,
  Typography,
} from '@mui/material';
import { SIDE_VIEW_SCALE } from '@vigil/domain';
import { useId, useState, type ChangeEvent, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDE_VIEW_LAYERS, SIDE_VIEW_TOGGLES, type LayerSet, type ToggleSet } from './side-view-options.ts';

/**
 * The side view's four toggles (requirements#monitoring-screens) and, behind "Layers", its layers and vertical scale.
 */
export function SideViewToolbar({
  toggles,
  onToggles,
  layers,
  onLayers,
  scale,
  onScale,
  exaggeration,
}: {
  toggles: ToggleSet;
  onToggles: (toggles: ToggleSet) => void;
  layers: LayerSet;
  onLayers: (layers: LayerSet) => void;
  scale: number;
  onScale: (scale: number) => void;
  exaggeration: number;
}) {
  const { t, i18n } = useTranslation('crossSections');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const scaleLabelId = useId();
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const scaleText = (value: number) =>
    value === 0
      ? t('verticalScale.fit', { exaggeration: number(exaggeration) })
      : t('verticalScale.times', { exaggeration: number(value / 100) });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0 }}>
      <FormGroup
        row
        aria-label={t('toggles.label')}
        // Two columns on a phone, one row when there is room.
        sx={{
          flex: { xs: '1 1 100%', sm: 1 },
          columnGap: 1.5,
          display: { xs: 'grid', sm: 'flex' },
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        }}
      >
        <FlagControls
          keys={SIDE_VIEW_TOGGLES}
          flags={toggles}
          onFlags={onToggles}
          Control={Switch}
          fontSize={13}
          labelOf={(toggle) => t(`toggles.${toggle}`)}
        />
      </FormGroup>
      <Button
        size="small"
        startIcon={<LayersOutlined />}
        sx={{ ml: 'auto' }}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
      >
        {t('layers.button')}
      </Button>
      {/* Not modal: the side view stays in sight, and live, while layers are switched. */}
      <Popper open={Boolean(anchor)} anchorEl={anchor} placement="bottom-end" sx={{ zIndex: 1200 }}>
        <ClickAwayListener onClickAway={(event) => !anchor?.contains(event.target as Node) && setAnchor(null)}>
          <Paper
            id={popoverId}
            role="dialog"
            aria-label={t('layers.button')}
            elevation={8}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              setAnchor(null);
              anchor?.focus();
            }}
            sx={{ p: 2, width: 280 }}
          >
            <FormGroup aria-label={t('layers.heading')}>
              <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
                {t('layers.heading')}
              </Typography>
              <FlagControls
                keys={SIDE_VIEW_LAYERS}
                flags={layers}
                onFlags={onLayers}
                Control={Checkbox}
                fontSize={14}
                labelOf={(layer) => t(`layers.${layer}`)}
              />
            </FormGroup>
            <Typography id={scaleLabelId} variant="subtitle2" component="h4" sx={{ mt: 2 }}>
              {t('verticalScale.label')}
            </Typography>
            <Slider
              size="small"
              min={SIDE_VIEW_SCALE.min}
              max={SIDE_VIEW_SCALE.max}
              step={10}
              value={scale}
              onChange={(_, value) => onScale(value as number)}
              aria-labelledby={scaleLabelId}
              getAriaValueText={scaleText}
              valueLabelFormat={scaleText}
              valueLabelDisplay="auto"
            />
            <Typography variant="caption" color="text.secondary">
              {scaleText(scale)}
            </Typography>
          </Paper>
        </ClickAwayListener>
      </Popper>
    </Box>
  );
}

/** A switch or a checkbox for each key, each turning its own flag of `flags` on or off. */
function FlagControls<K extends string>({
  keys,
  flags,
  onFlags,
  Control,
  fontSize,
  labelOf,
}: {
  keys: readonly K[];
  flags: Record<K, boolean>;
  onFlags: (flags: Record<K, boolean>) => void;
  Control: ComponentType<{
    size: 'small';
    checked: boolean;
    onChange: (event: ChangeEvent<HTMLInputElement>, checked: boolean) => void;
  }>;
  fontSize: number;
  labelOf: (key: K) => string;
}) {
  return keys.map((key) => (
    <FormControlLabel
      key={key}
      sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize } }}
      control={
        <Control size="small" checked={flags[key]} onChange={(_, checked) => onFlags({ ...flags, [key]: checked })} />
      }
      label={labelOf(key)}
    />
  ));
}
