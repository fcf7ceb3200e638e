import { Autocomplete, Chip, TextField } from '@mui/material';

/** A list of short texts typed one by one (Enter after each), shown as chips: labels, "no value" texts. */
export function TextsField({
  label,
  helperText,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  helperText?: string;
  value: string[];
  onChange(value: string[]): void;
  readOnly?: boolean;
}) {
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      readOnly={readOnly}
      onChange={(_, texts) => onChange(texts.map((v) => String(v).trim()).filter(Boolean))}
      renderValue={(texts, getItemProps) =>
        texts.map((text, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={text} {...props} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
