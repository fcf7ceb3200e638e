import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

interface SearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** the name of the button that empties the field, shown while it holds something */
  clearLabel: string;
  label?: string;
  /** the input's name where the field shows no label */
  inputLabel?: string;
  placeholder?: string;
  type?: 'search';
  sx?: SxProps<Theme>;
}

/** A small text field filtering a list: a magnifier before the words, a button after them that clears them. */
export function SearchField({ value, onChange, clearLabel, inputLabel, ...field }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      {...field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: inputLabel ? { 'aria-label': inputLabel } : undefined,
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={clearLabel} onClick={() => onChange('')}>
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
