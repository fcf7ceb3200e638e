import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, Button, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceChoice } from '../../../api/registry.ts';
import { localDate, type CustomRangeErrors } from '../../../components/dates/custom-range.ts';
import { ENTRY_PERIODS, hasFilters, NO_FILTERS, type EntryFilters } from '../model/entry-filters.ts';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

interface EntryFiltersBarProps {
  filters: EntryFilters;
  errors: CustomRangeErrors | null;
  devices: readonly DeviceChoice[];
  tags: readonly string[];
  onChange(filters: EntryFilters): void;
}

const SEARCH_DELAY_MS = 300;

/** Search, period (presets or two dates), device and tag: what narrows a journal's entries. */
export function EntryFiltersBar({ filters, errors, devices, tags, onChange }: EntryFiltersBarProps) {
  const { t } = useTranslation('journal');
  const [search, setSearch] = useState(filters.search);
  // A search changed from outside the box ("Clear filters", a link) replaces what was typed, so the
  // box never puts a cleared search back a moment later; its own search, come back, changes nothing.
  const [applied, setApplied] = useState(filters.search);
  const [sent, setSent] = useState(filters.search);
  if (filters.search !== applied) {
    setApplied(filters.search);
    if (filters.search !== sent) setSearch(filters.search);
  }
  const today = localDate(new Date());
  // the list follows the search box once typing pauses, not at every key
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => {
      setSent(search);
      onChange({ ...filters, search });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);
  const set = (changes: Partial<EntryFilters>) => onChange({ ...filters, ...changes });

  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1.4fr 1fr' },
        mb: 2,
      }}
    >
      <TextField
        size="small"
        type="search"
        label={t('filters.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('filters.period')}
        value={filters.period}
        onChange={(e) =>
          set({
            period: e.target.value as EntryFilters['period'],
            ...(e.target.value === 'custom' && !filters.from ? { from: today, to: today } : {}),
          })
        }
      >
        {ENTRY_PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`period.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <DevicePicker
        size="small"
        devices={devices}
        value={devices.find((d) => d.id === filters.device) ?? null}
        onChange={(device) => set({ device: device?.id ?? '' })}
        label={t('filters.device')}
      />
      <Autocomplete<string, false, false, true>
        size="small"
        freeSolo
        options={tags as string[]}
        value={filters.tag || null}
        onChange={(_, tag) => set({ tag: tag ?? '' })}
        renderInput={(params) => <TextField {...params} label={t('filters.tag')} />}
      />
      {filters.period === 'custom' &&
        (['from', 'to'] as const).map((field) => {
          const error = errors?.[field === 'from' ? 'start' : 'end'];
          return (
            <TextField
              key={field}
              size="small"
              type="date"
              label={t(`filters.${field}`)}
              value={filters[field]}
              onChange={(e) => set({ [field]: e.target.value })}
              error={Boolean(error)}
              helperText={error ? t(`filters.errors.${error}`) : undefined}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
          );
        })}
      {hasFilters(filters) && (
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button
            onClick={() => {
              setSearch('');
              onChange(NO_FILTERS);
            }}
          >
            {t('filters.clear')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
