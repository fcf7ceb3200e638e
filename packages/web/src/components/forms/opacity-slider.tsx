import { Box, Slider, Typography, type SliderProps } from '@mui/material';
import { useId } from 'react';

/** An opacity (0 to 1) as people read it: "45 %". */
export const opacityText = (opacity: number) => `${Math.round(opacity * 100)} %`;

/** An image's opacity from 0 to 1 in steps of 5 %, under its heading, its value shown as a percentage. */
export function OpacitySlider({
  label,
  value,
  onChange,
  ...slider
}: Pick<SliderProps, 'disabled' | 'getAriaValueText'> & {
  label: string;
  value: number;
  onChange(opacity: number): void;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2">
        {label}
      </Typography>
      <Slider
        {...slider}
        value={value}
        min={0}
        max={1}
        step={0.05}
        onChange={(_, opacity) => onChange(opacity as number)}
        aria-labelledby={labelId}
        valueLabelDisplay="auto"
        valueLabelFormat={opacityText}
        sx={{ maxWidth: 360 }}
      />
    </Box>
  );
}
