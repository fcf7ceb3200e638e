import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** The browser's own zone: what a new roster or quiet hours start from. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A searchable choice of an IANA time zone (Europe/Zurich), as rosters and quiet hours count their hours in. */
export function TimeZoneField({
  label,
  value,
  onChange,
  disabled,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange(zone: string): void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const zones = useMemo(timeZones, []);
  return (
    <Autocomplete
      options={zones}
      value={value}
      disableClearable
      disabled={disabled}
      onChange={(_, zone) => onChange(zone)}
      renderInput={(params) => <TextField {...params} label={label} error={error} helperText={helperText} />}
    />
  );
}
