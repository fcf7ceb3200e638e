import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';

type ChoiceFieldProps<T extends string> = Pick<
  TextFieldProps,
  'label' | 'size' | 'helperText' | 'error' | 'required' | 'disabled' | 'sx'
> & {
  value: T;
  /** every value the field offers, in the order shown */
  choices: readonly T[];
  choiceLabel(choice: NoInfer<T>): ReactNode;
  onChange(choice: NoInfer<T>): void;
};

/** A labelled drop-down over a fixed list of values (an enum of the domain), each shown by `choiceLabel`. */
export function ChoiceField<T extends string>({
  value,
  choices,
  choiceLabel,
  onChange,
  ...field
}: ChoiceFieldProps<T>) {
  return (
    // The menu offers only `choices`, so the chosen value is one of them.
    <TextField select {...field} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choiceLabel(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
