import {
  Box,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ENTITY_SEGMENT } from '@vigil/domain';
import { memo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import type { RegisterRow } from '../api/devices-api.ts';
import { statusOf, type SortColumn, type Sorting } from '../model/device-filters.ts';

const ROW_HEIGHT = 53;
/** The breakpoint from which a column shows (table-cell), none below it. */
const HIDDEN_BELOW = {
  scheme: { xs: 'none', md: 'table-cell' },
  node: { xs: 'none', xl: 'table-cell' },
  updated_at: { xs: 'none', xl: 'table-cell' },
} as const;
/** Shares of the width (a fixed layout: long titles are cut with an ellipsis rather than widen the table). */
const WIDTHS: Record<string, string | number> = {
  title: '28%',
  eid: '16%',
  scheme: '18%',
  node: '11%',
  state: '13%',
  status: '15%',
  updated_at: '14%',
  actions: 56,
};
/** A cell's text on one line, cut with an ellipsis. */
const ONE_LINE = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const CARD_HEIGHT = 96;
/** Tall enough for a screenful of rows, short enough that the page's own header stays in sight. */
const SCROLL_HEIGHT = { xs: 'calc(100dvh - 330px)', md: 'calc(100dvh - 360px)' };

export interface DevicesTableProps {
  rows: readonly RegisterRow[];
  /** instruments show their interface node */
  showNode: boolean;
  sorting: Sorting;
  onSort(column: SortColumn): void;
  /** the menu of one device's actions */
  actions(row: RegisterRow): ReactNode;
}

/**
 * The devices of a tab, however many: only the rows in sight are rendered (2,000 devices scroll and
 * filter as smoothly as 20). At phone width each device is a card of a list instead of a row.
 */
export const DevicesTable = memo(function DevicesTable(props: DevicesTableProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return phone ? <DeviceCards {...props} /> : <DeviceRows {...props} />;
});

/** The device's entity dashboard (requirements#monitoring-screens): its details, place, and a gauge and chart per metric. */
const entityPath = (row: RegisterRow) =>
  `/safety-state/${ENTITY_SEGMENT}/${row.monitored_entity_type}/${encodeURIComponent(row.id)}`;

function DeviceRows({ rows, showNode, sorting, onSort, actions }: DevicesTableProps) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  // Narrower screens keep the columns that name and judge a device; the others come as width allows.
  const shown = (id: string) => HIDDEN_BELOW[id as keyof typeof HIDDEN_BELOW];
  const columns: Array<{ id: SortColumn | 'node' | 'status' | 'actions'; sortable: boolean }> = [
    { id: 'title', sortable: true },
    { id: 'eid', sortable: true },
    { id: 'scheme', sortable: true },
    ...(showNode ? [{ id: 'node' as const, sortable: false }] : []),
    { id: 'state', sortable: true },
    { id: 'status', sortable: false },
    { id: 'updated_at', sortable: true },
    { id: 'actions', sortable: false },
  ];
  return (
    <TableContainer ref={scroller} sx={{ height: SCROLL_HEIGHT, minHeight: 320 }}>
      <Table
        stickyHeader
        size="small"
        aria-label={t('table.label')}
        aria-rowcount={rows.length + 1}
        sx={{ tableLayout: 'fixed', minWidth: 640 }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                sortDirection={sorting.column === column.id ? sorting.direction : false}
                align={column.id === 'actions' ? 'right' : 'left'}
                sx={{ ...ONE_LINE, fontWeight: 600, display: shown(column.id), width: WIDTHS[column.id] }}
              >
                {column.sortable ? (
                  <TableSortLabel
                    active={sorting.column === column.id}
                    direction={sorting.column === column.id ? sorting.direction : 'asc'}
                    onClick={() => onSort(column.id as SortColumn)}
                  >
                    {t(`columns.${column.id}`)}
                  </TableSortLabel>
                ) : column.id === 'actions' ? (
                  <Box component="span" sx={visuallyHidden}>
                    {t('columns.actions')}
                  </Box>
                ) : (
                  t(`columns.${column.id}`)
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {before > 0 && <TableRow aria-hidden sx={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <TableRow key={row.id} hover aria-rowindex={item.index + 2} sx={{ height: ROW_HEIGHT }}>
                <TableCell sx={ONE_LINE}>
                  <Link component={RouterLink} to={entityPath(row)} underline="hover" noWrap sx={{ display: 'block' }}>
                    {row.title}
                  </Link>
                </TableCell>
                <TableCell sx={{ ...ONE_LINE, fontFamily: 'monospace' }} title={row.eid}>
                  {row.eid}
                </TableCell>
                <TableCell sx={{ ...ONE_LINE, display: shown('scheme') }}>{row.scheme?.name ?? t('none')}</TableCell>
                {showNode && (
                  <TableCell sx={{ ...ONE_LINE, display: shown('node') }}>
                    {row.interface_node?.eid ?? t('none')}
                  </TableCell>
                )}
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <StateDot state={row.safety_state} />
                    <Typography variant="body2" noWrap>
                      {t(`states.${row.safety_state}`, { defaultValue: t('states.grey') })}
                    </Typography>
                  </Stack>
                </TableCell>
                <TableCell sx={ONE_LINE}>
                  <StatusChip row={row} />
                </TableCell>
                <TableCell sx={{ ...ONE_LINE, display: shown('updated_at') }}>
                  {formatDisplayDate(row.updated_at, i18n.resolvedLanguage ?? 'en-US')}
                </TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  {actions(row)}
                </TableCell>
              </TableRow>
            );
          })}
          {after > 0 && <TableRow aria-hidden sx={{ height: after }} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DeviceCards({ rows, showNode, actions }: DevicesTableProps) {
  const { t } = useTranslation('deviceRegistry');
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
  });
  return (
    <Box ref={scroller} sx={{ height: SCROLL_HEIGHT, minHeight: 320, overflow: 'auto' }}>
      <Box
        component="ul"
        aria-label={t('table.label')}
        sx={{ position: 'relative', height: virtual.getTotalSize(), m: 0, p: 0, listStyle: 'none' }}
      >
        {virtual.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <Box
              component="li"
              key={row.id}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: CARD_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <StateDot state={row.safety_state} size={12} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={entityPath(row)} underline="hover" noWrap sx={{ display: 'block' }}>
                  {row.title}
                </Link>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[row.eid, row.scheme?.name, showNode ? row.interface_node?.eid : undefined]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Box sx={{ mt: 0.5 }}>
                  <StatusChip row={row} />
                </Box>
              </Box>
              {actions(row)}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

const STATUS_COLOURS = {
  active: 'success',
  maintenance: 'warning',
  turnedOff: 'default',
  decommissioned: 'default',
} as const;

function StatusChip({ row }: { row: RegisterRow }) {
  const { t } = useTranslation('deviceRegistry');
  const status = statusOf(row);
  return (
    <Chip
      size="small"
      variant={status === 'active' ? 'outlined' : 'filled'}
      color={STATUS_COLOURS[status]}
      label={t(`status.${status}`)}
    />
  );
}
