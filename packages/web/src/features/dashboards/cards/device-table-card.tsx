import {
  Box,
  InputAdornment,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { stateColour, type DashboardCard, formatValue } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latestReadingsQuery } from '../../../api/metrics.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { describeFromScheme } from '../../../components/manual-readings/manual-history.ts';
import { ManualReadingChip } from '../../../components/manual-readings/manual-reading-chip.tsx';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { devicesOf } from '../model/device-index.ts';
import { deviceRows, filterRows, sortRows, type DeviceSort } from '../model/device-rows.ts';
import { CARD_REFRESH_MS, useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';

type Card = Extract<DashboardCard, { type: 'device-table' }>;

/** Devices with their states and latest values: sortable, filterable, each row opening the device. */
export function DeviceTableCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { stateType, openDevice } = useDashboardContext();
  const { devices, groups, schemes } = useDashboardData();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<{ by: DeviceSort; desc: boolean }>({ by: 'state', desc: false });
  const members = devicesOf(devices.data ?? [], groups.data ?? [], card.group_id);
  const idsKey = members
    .map((d) => d.id)
    .sort()
    .join(',');
  const ids = useMemo(() => (idsKey ? idsKey.split(',') : []), [idsKey]);
  const latest = useQuery({ ...latestReadingsQuery(ids), refetchInterval: CARD_REFRESH_MS });
  const schemeMap = useMemo(() => new Map((schemes.data ?? []).map((s) => [s.id, s])), [schemes.data]);
  const rows = sortRows(
    filterRows(deviceRows(members, stateType, schemeMap, latest.data ?? []), filter),
    sort.by,
    sort.desc,
  );
  const group = card.group_id ? groups.data?.find((g) => g.id === card.group_id) : null;
  const title = card.title || t('table.title', { scope: group?.title ?? t('summary.allDevices') });
  const loading = devices.isPending || groups.isPending;
  const date = (iso: string | null) => (iso ? formatDisplayDate(iso, locale) : t('na'));
  const value = (r: (typeof rows)[number]) =>
    r.metric
      ? `${formatValue(r.value, r.metric, locale) ?? t('na')}${r.value !== null && r.metric.unit ? ` ${r.metric.unit}` : ''}`
      : t('na');
  const header = (by: DeviceSort, label: string) => (
    <TableSortLabel
      active={sort.by === by}
      direction={sort.desc ? 'desc' : 'asc'}
      onClick={() => setSort((s) => ({ by, desc: s.by === by ? !s.desc : false }))}
    >
      {label}
    </TableSortLabel>
  );

  return (
    <CardFrame
      title={title}
      subtitle={t('summary.total', { count: members.length })}
      loading={loading || latest.isFetching}
      error={devices.isError || groups.isError}
      onRetry={() => void devices.refetch()}
      empty={!loading && members.length === 0 ? t('noData') : null}
      exportSettings={() =>
        tableExport(
          title,
          rows.map((r) => ({
            title: r.device.title,
            eid: r.device.eid,
            scheme: r.device.scheme?.name,
            state: r.state,
            changedAt: r.changedAt,
            readAt: r.readAt,
            metric: r.metric ? `${r.metric.label}${r.metric.unit ? ` (${r.metric.unit})` : ''}` : null,
            value: r.value,
          })),
          [
            { heading: t('columns.device'), key: 'title' },
            { heading: t('columns.eid'), key: 'eid' },
            { heading: t('columns.scheme'), key: 'scheme' },
            { heading: t(`stateType.${stateType}`), key: 'state' },
            { heading: t('columns.changedAt'), key: 'changedAt' },
            { heading: t('columns.latestRead'), key: 'readAt' },
            { heading: t('columns.metric'), key: 'metric' },
            { heading: t('columns.value'), key: 'value' },
          ],
        )
      }
    >
      <TextField
        size="small"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('table.filter')}
        slotProps={{
          htmlInput: { 'aria-label': t('table.filter') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1, maxWidth: 320 }}
      />
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{header('state', t(`stateType.${stateType}`))}</TableCell>
              <TableCell>{header('title', t('columns.device'))}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('columns.scheme')}</TableCell>
              <TableCell>{t('columns.latestValue')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {header('readAt', t('columns.latestRead'))}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.device.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <StateDot state={r.state} size={12} />
                    {t(`states.${stateColour(r.state)}`)}
                  </Box>
                </TableCell>
                <TableCell>
                  <Link
                    component="button"
                    underline="hover"
                    onClick={() =>
                      openDevice({
                        id: r.device.id,
                        entity_type: r.device.monitored_entity_type,
                        title: r.device.title,
                      })
                    }
                    sx={{ textAlign: 'left' }}
                  >
                    {r.device.title}
                  </Link>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {r.device.scheme?.name ?? t('na')}
                </TableCell>
                <TableCell title={r.metric?.label} sx={{ whiteSpace: 'nowrap' }}>
                  {value(r)}
                  {r.manual && (
                    <Box component="span" sx={{ ml: 1 }}>
                      <ManualReadingChip
                        manual={r.manual}
                        subject={r.device.title}
                        describe={describeFromScheme(r.device.scheme ? schemeMap.get(r.device.scheme.id) : null)}
                      />
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {date(r.readAt)}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && members.length > 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('table.noMatch')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </CardFrame>
  );
}
