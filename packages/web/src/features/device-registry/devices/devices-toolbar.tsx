import CloseOutlined from '@mui/icons-material/CloseOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Box, IconButton, InputAdornment, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { STATE_COLOURS, type BasicGroup, type SchemeObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUSES, type DeviceFilters } from '../model/device-filters.ts';

interface DevicesToolbarProps {
  filters: DeviceFilters;
  onChange(filters: DeviceFilters): void;
  groups: readonly BasicGroup[];
  schemes: readonly SchemeObject[];
  /** how many devices the filters keep, and how many there are; undefined while loading */
  found: number | undefined;
  total: number | undefined;
}

/** The search over title and EID, the group, scheme, state and status filters, and how many are shown. */
export function DevicesToolbar({ filters, onChange, groups, schemes, found, total }: DevicesToolbarProps) {
  const { t } = useTranslation('deviceRegistry');
  const set = (patch: Partial<DeviceFilters>) => onChange({ ...filters, ...patch });
  const select = (name: 'groupId' | 'schemeId' | 'state' | 'status', options: Array<[string, string]>) => (
    <TextField
      select
      size="small"
      label={t(`filters.${name}`)}
      value={filters[name]}
      onChange={(event) => set({ [name]: event.target.value })}
      sx={{ minWidth: { xs: 0, md: 150 }, flex: { xs: '1 1 45%', md: 'none' } }}
    >
      <MenuItem value="">{t('filters.any')}</MenuItem>
      {options.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
          placeholder={t('search.placeholder')}
          sx={{ width: { xs: '100%', md: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('search.label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: filters.search ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('search.clear')}
                    onClick={() => set({ search: '' })}
                  >
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, flex: 1 }}>
          {select(
            'groupId',
            groups.map((g) => [g.id, g.title]),
          )}
          {select(
            'schemeId',
            schemes.map((s) => [s.id, s.name]),
          )}
          {select(
            'state',
            STATE_COLOURS.map((c) => [c, t(`states.${c}`)]),
          )}
          {select(
            'status',
            DEVICE_STATUSES.map((s) => [s, t(`status.${s}`)]),
          )}
        </Box>
      </Stack>
      {total !== undefined && (
        <Typography variant="body2" color="text.secondary" role="status">
          {found === total ? t('summary.all', { count: total }) : t('summary.found', { found, count: total })}
        </Typography>
      )}
    </Stack>
  );
}
