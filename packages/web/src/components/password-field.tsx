import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedField, type OutlinedFieldProps } from './forms/outlined-field.tsx';

/** A password input with a button that shows the characters typed (useful on phones in the field). */
export function PasswordField(props: OutlinedFieldProps) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  // The button's name avoids the word "password", so that the field stays the only control labelled so.
  const label = visible ? t('passwordField.hide') : t('passwordField.show');
  return (
    <OutlinedField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          {/* the browser's own tooltip: MUI's would bring its popper to the login page */}
          <IconButton
            aria-label={label}
            title={label}
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
