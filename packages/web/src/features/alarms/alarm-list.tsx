import { Alert, Box, Button, MenuItem, Pagination, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alarmListQuery, tarpLevelsQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';
import { alarmFiltersFrom, alarmQueryOf, type AlarmFilters } from './alarm-filters.ts';
import { AlarmRow } from './alarm-row.tsx';
import { DeviceFilter } from './device-filter.tsx';

const PAGE_SIZE = 25;

/** The alarm list: most urgent first, filtered by state, level, TARP level and device (kept in the URL). */
export function AlarmList({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = alarmFiltersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(alarmListQuery(project.id, alarmQueryOf(filters, page, PAGE_SIZE)));
  const tarp = useQuery(tarpLevelsQuery(project.id));
  const set = (changes: Partial<AlarmFilters> & { page?: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ page: 1, ...changes })) {
        if (value === '' || (key === 'page' && value === 1) || (key === 'scope' && value === 'open')) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  const pages = list.data ? Math.ceil(list.data.count / PAGE_SIZE) : 0;

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label={t('filters.state')}
          value={filters.scope}
          onChange={(e) => set({ scope: e.target.value as AlarmFilters['scope'] })}
          sx={{ minWidth: 200 }}
        >
          {(['open', 'active', 'waiting', 'all'] as const).map((scope) => (
            <MenuItem key={scope} value={scope}>
              {t(`filters.scopes.${scope}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.level')}
          value={filters.level}
          onChange={(e) => set({ level: e.target.value as AlarmFilters['level'] })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('filters.any')}</MenuItem>
          <MenuItem value="critical">{t('levels.critical')}</MenuItem>
          <MenuItem value="warning">{t('levels.warning')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('filters.tarp')}
          value={filters.tarp}
          onChange={(e) => set({ tarp: e.target.value })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('filters.any')}</MenuItem>
          {(tarp.data?.levels ?? []).map((level) => (
            <MenuItem key={level.key} value={level.key}>
              {level.name}
            </MenuItem>
          ))}
        </TextField>
        <DeviceFilter value={filters.device} onChange={(device) => set({ device })} />
      </Stack>
      {list.isError && (
        <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{t('actions.retry')}</Button>}>
          {t('list.failed')}
        </Alert>
      )}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
            {t('list.count', { count: list.data.count })}
          </Typography>
          {list.data.objects.length === 0 ? (
            <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
              {filters.scope === 'all' ? t('list.emptyAll') : t('list.empty')}
            </Typography>
          ) : (
            <Stack spacing={1} component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.data.objects.map((alarm) => (
                <AlarmRow key={alarm.id} alarm={alarm} onOpen={() => onOpen(alarm.id)} />
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={page}
              onChange={(_, next) => set({ ...filters, page: next })}
            />
          )}
        </>
      )}
    </Box>
  );
}
