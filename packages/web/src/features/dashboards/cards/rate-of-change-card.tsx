import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import MapOutlined from '@mui/icons-material/MapOutlined';
import {
  Box,
  IconButton,
  Link,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { formatValue, RATE_OF_CHANGE_DAYS, RATE_OF_CHANGE_RESULTS, type DashboardCard } from '@vigil/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rateOfChangeQuery } from '../../../api/metrics.ts';
import { dataPointsQuery } from '../../../api/registry.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { devicesOf } from '../model/device-index.ts';
import { cardMetricInfo } from '../model/metric-scheme.ts';
import {
  directionOf,
  formatChange,
  rateOfChangeRequest,
  rateOfChangeRows,
  type RateOfChangeDays,
  type RateOfChangeResultType,
  type RateOfChangeRow,
} from '../model/rate-of-change-rows.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { RateOfChangeMapDialog } from './rate-of-change-map-dialog.tsx';

type Card = Extract<DashboardCard, { type: 'rate-of-change' }>;

const ARROWS = { up: ArrowUpward, down: ArrowDownward, flat: ArrowForward } as const;
/** The result types' signs, the same in every language. */
const SHORT_RESULTS = { delta: 'Δ', percentage: '%' } as const;
const DATE_CAPTION = { display: { xs: 'none', sm: 'block' } } as const;

/** How much a metric changed per device over the last 1, 7, 14 or 30 days, biggest change first. */
export function RateOfChangeCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { now, openDevice } = useDashboardContext();
  const { devices, groups, schemes } = useDashboardData();
  const [days, setDays] = useState<RateOfChangeDays>(card.interval_days);
  const [resultType, setResultType] = useState<RateOfChangeResultType>(card.result_type);
  const [mapOpen, setMapOpen] = useState(false);
  // On a phone the header keeps room for the title: the selectors show their short forms.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const members = devicesOf(devices.data ?? [], groups.data ?? [], card.group_id);
  const ids = card.group_id === null ? null : members.map((d) => d.id).sort();
  const byId = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d])), [devices.data]);
  const info = cardMetricInfo(members, schemes.data ?? [], card.metric);
  const waiting = devices.isPending || groups.isPending || schemes.isPending;
  const result = useQuery({
    ...rateOfChangeQuery(rateOfChangeRequest(card, days, resultType, ids, now)),
    enabled: !waiting && (ids === null || ids.length > 0),
    placeholderData: keepPreviousData,
  });
  // Data points are named after their device: their list, for every member at once.
  const points = useQuery({
    ...dataPointsQuery(members.map((d) => d.id)),
    enabled: card.group_by === 'data_point_id' && members.length > 0,
  });
  const pointMap = useMemo(() => new Map((points.data ?? []).map((p) => [p.id, p])), [points.data]);
  const rows = rateOfChangeRows(result.data, byId, pointMap);
  const metric = info.unit ? `${info.label} (${info.unit})` : info.label;
  const title = card.title || t('rateOfChange.title', { metric: info.label });
  const value = (v: number) => `${formatValue(v, info, locale)}${info.unit ? ` ${info.unit}` : ''}`;
  const change = (r: RateOfChangeRow) => formatChange(r.change, resultType, info, locale) ?? t('na');
  const open = (r: RateOfChangeRow) =>
    r.device && openDevice({ id: r.device.id, entity_type: r.device.monitored_entity_type, title: r.device.title });
  const changeHeading = t(`rateOfChange.results.${resultType}`);

  return (
    <>
      <CardFrame
        title={title}
        subtitle={t('rateOfChange.subtitle', { metric, count: days })}
        loading={waiting || result.isFetching}
        error={result.isError || devices.isError}
        onRetry={() => void result.refetch()}
        empty={
          waiting
            ? null
            : ids !== null && ids.length === 0
              ? t('rateOfChange.noDevices')
              : result.data && !rows.length
                ? t('rateOfChange.noValues', { metric: info.label, count: days })
                : null
        }
        actions={
          <>
            <Select
              size="small"
              variant="standard"
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as RateOfChangeDays)}
              renderValue={(d) =>
                narrow ? t('rateOfChange.daysShort', { count: d }) : t('rateOfChange.days', { count: d })
              }
              inputProps={{ 'aria-label': t('rateOfChange.window') }}
              sx={{ fontSize: 13 }}
            >
              {RATE_OF_CHANGE_DAYS.map((d) => (
                <MenuItem key={d} value={d}>
                  {t('rateOfChange.days', { count: d })}
                </MenuItem>
              ))}
            </Select>
            <Select
              size="small"
              variant="standard"
              value={resultType}
              onChange={(e) => setResultType(e.target.value as RateOfChangeResultType)}
              renderValue={(r) => (narrow ? SHORT_RESULTS[r] : t(`rateOfChange.results.${r}`))}
              inputProps={{ 'aria-label': t('rateOfChange.resultType') }}
              sx={{ fontSize: 13 }}
            >
              {RATE_OF_CHANGE_RESULTS.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`rateOfChange.results.${r}`)}
                </MenuItem>
              ))}
            </Select>
            <Tooltip title={t('rateOfChange.viewOnMap')}>
              <IconButton size="small" aria-label={t('rateOfChange.viewOnMap')} onClick={() => setMapOpen(true)}>
                <MapOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        }
        exportSettings={() =>
          tableExport(
            title,
            rows.map((r) => ({
              device: r.title,
              firstAt: r.first.read_at,
              first: r.first.value,
              lastAt: r.last.read_at,
              last: r.last.value,
              change: r.change,
            })),
            [
              { heading: t('columns.device'), key: 'device' },
              { heading: t('rateOfChange.firstAt'), key: 'firstAt' },
              { heading: `${t('rateOfChange.first')} (${metric})`, key: 'first' },
              { heading: t('rateOfChange.lastAt'), key: 'lastAt' },
              { heading: `${t('rateOfChange.last')} (${metric})`, key: 'last' },
              { heading: `${changeHeading} (${resultType === 'percentage' ? '%' : info.unit})`, key: 'change' },
            ],
          )
        }
      >
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.device')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {t('rateOfChange.first')}
                </TableCell>
                <TableCell align="right">{t('rateOfChange.last')}</TableCell>
                <TableCell align="right">{changeHeading}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const direction = directionOf(r.change);
                const Arrow = direction && ARROWS[direction];
                return (
                  <TableRow key={r.key} hover>
                    <TableCell>
                      {r.device ? (
                        <Link component="button" underline="hover" onClick={() => open(r)} sx={{ textAlign: 'left' }}>
                          {r.title}
                        </Link>
                      ) : (
                        r.title
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                      {value(r.first.value)}
                      <Typography variant="caption" color="text.secondary" component="div" sx={DATE_CAPTION}>
                        {formatDisplayDate(r.first.read_at, locale)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {value(r.last.value)}
                      <Typography variant="caption" color="text.secondary" component="div" sx={DATE_CAPTION}>
                        {formatDisplayDate(r.last.read_at, locale)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        {Arrow && <Arrow aria-hidden fontSize="inherit" sx={{ color: 'text.secondary' }} />}
                        {change(r)}
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      </CardFrame>
      <RateOfChangeMapDialog
        open={mapOpen}
        title={t('rateOfChange.mapTitle', { title })}
        rows={rows}
        changeOf={change}
        onClose={() => setMapOpen(false)}
        onOpen={(r) => {
          setMapOpen(false);
          open(r);
        }}
      />
    </>
  );
}
