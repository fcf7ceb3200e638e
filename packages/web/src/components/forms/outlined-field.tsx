import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { useId, type ReactNode } from 'react';

export interface OutlinedFieldProps extends Omit<OutlinedInputProps, 'label' | 'error' | 'fullWidth' | 'required'> {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  required?: boolean;
}

/**
 * An outlined TextField as MUI composes it (label, input, helper text that describes the input),
 * without TextField's `select` machinery: the login page loads no menu, popover or modal.
 */
export function OutlinedField({ label, helperText, error, fullWidth, required, id, ...input }: OutlinedFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
