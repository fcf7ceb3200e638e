import { MenuItem, Select } from '@mui/material';
import type { ReactNode } from 'react';

/** A borderless drop-down for a card's header (a period, an interval), named for screen readers by `ariaLabel`. */
export function InlineChoice<T extends string>({
  value,
  choices,
  choiceLabel,
  ariaLabel,
  onChange,
}: {
  value: T;
  choices: readonly T[];
  choiceLabel(choice: NoInfer<T>): ReactNode;
  ariaLabel: string;
  onChange(choice: NoInfer<T>): void;
}) {
  return (
    <Select
      size="small"
      variant="standard"
      value={value}
      // The menu offers only `choices`, so the chosen value is one of them.
      onChange={(e) => onChange(e.target.value as T)}
      inputProps={{ 'aria-label': ariaLabel }}
      sx={{ fontSize: 13 }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choiceLabel(choice)}
        </MenuItem>
      ))}
    </Select>
  );
}
