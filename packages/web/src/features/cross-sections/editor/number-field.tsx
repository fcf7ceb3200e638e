import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A decimal typed with a point or a comma; null when the text is not a number. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A number typed as text: what is typed stays while it is being typed ("-", "12."), the value
 * changes only when it reads as a number, and the field says so when it does not.
 */
export function NumberField({
  value,
  onValue,
  allowEmpty = false,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: number | null;
  onValue: (value: number | null) => void;
  /** an empty field means no value (null) rather than a mistake */
  allowEmpty?: boolean;
}) {
  const { t } = useTranslation('crossSections');
  const [text, setText] = useState(value === null ? '' : String(value));
  // A value changed from outside (a click on the side view, a discard) shows at once.
  useEffect(() => {
    setText((current) =>
      parseDecimal(current) === value || (value === null && current === '')
        ? current
        : value === null
          ? ''
          : String(value),
    );
  }, [value]);
  const empty = text.trim() === '';
  const wrong = empty ? !allowEmpty : parseDecimal(text) === null;
  return (
    <TextField
      {...props}
      value={text}
      error={wrong || props.error}
      helperText={wrong ? t('editor.notANumber') : props.helperText}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseDecimal(event.target.value);
        if (parsed !== null) onValue(parsed);
        else if (allowEmpty && event.target.value.trim() === '') onValue(null);
      }}
      slotProps={{ ...props.slotProps, htmlInput: { inputMode: 'decimal', ...(props.slotProps?.htmlInput as object) } }}
    />
  );
}
