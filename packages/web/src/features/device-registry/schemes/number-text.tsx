import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';

/**
 * A number typed as text: a half-typed value ("-", "1,") stays as typed, and the value changes only
 * when the text reads as a number; empty is `undefined` (the field is optional).
 */
export function NumberText({
  value,
  onValue,
  invalidText,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: number | undefined;
  onValue(value: number | undefined): void;
  invalidText: string;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const parsed = parseTypedNumber(text);
  const wrong = parsed !== null && !Number.isFinite(parsed);
  return (
    <TextField
      size="small"
      {...props}
      value={text}
      error={wrong || props.error}
      helperText={wrong ? invalidText : props.helperText}
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'decimal' } }}
      onChange={(event) => {
        setText(event.target.value);
        const next = parseTypedNumber(event.target.value);
        if (next === null) onValue(undefined);
        else if (Number.isFinite(next)) onValue(next);
      }}
    />
  );
}
