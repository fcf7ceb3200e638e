import { Box, Typography } from '@mui/material';
import { CROSS_SECTION_DEFAULTS, type TracingImage } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { OpacitySlider, opacityText } from '../../../components/forms/opacity-slider.tsx';
import { MediaPicker } from './media-picker.tsx';
import { NumberField } from './number-field.tsx';

const DEFAULT_TRACING: TracingImage = {
  file_id: null,
  url: null,
  ...CROSS_SECTION_DEFAULTS.tracingImage,
};

/**
 * The tracing image: a drawing from the media library laid under the diagram, stretched over the
 * section's extent, with its opacity and its proportions (4 × 3 unless set).
 */
export function ImagesEditor({
  tracing,
  onTracing,
}: {
  tracing: TracingImage | null;
  onTracing: (image: TracingImage | null) => void;
}) {
  const { t } = useTranslation('crossSections');
  const image = tracing ?? DEFAULT_TRACING;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 720 }}>
      <MediaPicker
        label={t('images.tracing')}
        fileId={tracing?.file_id ?? null}
        onPick={(file) => onTracing(file ? { ...image, file_id: file.id, url: file.public_url } : null)}
      />
      <Typography variant="body2" color="text.secondary">
        {t('images.tracingHelp')}
      </Typography>
      <OpacitySlider
        label={t('images.opacity')}
        value={image.opacity}
        disabled={!tracing}
        onChange={(opacity) => onTracing({ ...image, opacity })}
        getAriaValueText={opacityText}
      />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <NumberField
          label={t('images.width')}
          value={image.width}
          disabled={!tracing}
          onValue={(width) => width !== null && width > 0 && onTracing({ ...image, width })}
          sx={{ width: 140 }}
        />
        <NumberField
          label={t('images.height')}
          value={image.height}
          disabled={!tracing}
          onValue={(height) => height !== null && height > 0 && onTracing({ ...image, height })}
          sx={{ width: 140 }}
        />
      </Box>
    </Box>
  );
}
