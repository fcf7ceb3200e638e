import {
  Autocomplete,
  Box,
  TextField,
  Typography,
  type AutocompleteProps,
  type AutocompleteValue,
} from '@mui/material';
import type { ReactNode } from 'react';

/** What a picker needs to know of a device. */
export interface PickableDevice {
  id: string;
  title: string;
  eid: string;
}

/** The Autocomplete's own props, for what a screen tunes (multiple, size, sx, filtering, loading, chips, ...). */
type AutocompletePassed<D, M extends boolean | undefined> = Omit<
  AutocompleteProps<D, M, false, false>,
  'options' | 'value' | 'onChange' | 'renderInput' | 'renderOption'
>;

export interface DevicePickerProps<D, M extends boolean | undefined> extends AutocompletePassed<D, M> {
  /** the options; the only prop the device type is inferred from */
  devices: readonly D[];
  /** one device (or null) when not `multiple`, else the chosen devices */
  value: AutocompleteValue<NoInfer<D>, M, false, false>;
  onChange(value: AutocompleteValue<NoInfer<D>, M, false, false>): void;
  label: string;
  placeholder?: string;
  helperText?: ReactNode;
  error?: boolean;
  /** a second, smaller line under each option's title (its EID, its scheme) */
  detail?(device: NoInfer<D>): string;
}

/** The EID and the scheme of a device, the line under its title where a picker offers many alike. */
export const eidAndScheme = (d: PickableDevice & { scheme?: { name: string } | null }) =>
  [d.eid, d.scheme?.name].filter(Boolean).join(' · ');

/**
 * The one way to choose one device or several: found by title, compared by id, with an optional second
 * line per option. Screens differ by props, not by copies of the Autocomplete.
 */
export function DevicePicker<D extends PickableDevice, M extends boolean | undefined = false>(
  props: DevicePickerProps<D, M>,
) {
  const { devices, label, placeholder, helperText, error, detail, value, onChange, ...rest } = props;
  return (
    <Autocomplete<D, M, false, false>
      getOptionLabel={(d) => d.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      {...rest}
      options={devices as D[]}
      value={value}
      onChange={(_, next) => onChange(next)}
      renderOption={
        detail &&
        (({ key, ...li }, d) => (
          <Box component="li" key={key} {...li}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap>
                {d.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {detail(d)}
              </Typography>
            </Box>
          </Box>
        ))
      }
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={placeholder} helperText={helperText} error={error} />
      )}
    />
  );
}
