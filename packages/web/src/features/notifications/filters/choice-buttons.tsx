import { FormControl, FormLabel, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useId } from 'react';

interface ChoiceButtonsProps<T extends string> {
  label: string;
  value: T;
  choices: readonly T[];
  choiceLabel(choice: T): string;
  onChange(value: T): void;
}

/** One of a few choices as a row of buttons (read status, level). */
export function ChoiceButtons<T extends string>({
  label,
  value,
  choices,
  choiceLabel,
  onChange,
}: ChoiceButtonsProps<T>) {
  const id = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel id={id} sx={{ typography: 'caption', mb: 0.5 }}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        aria-labelledby={id}
        value={value}
        onChange={(_, next: T | null) => next && onChange(next)}
      >
        {choices.map((choice) => (
          <ToggleButton key={choice} value={choice} sx={{ textTransform: 'none', py: 0.5 }}>
            {choiceLabel(choice)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </FormControl>
  );
}
