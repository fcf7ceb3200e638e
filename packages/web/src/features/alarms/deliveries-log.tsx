import {
  Box,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type ChipProps,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Delivery, DeliveryStatus } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { deliveriesQuery } from '../../api/call-out.ts';
import { formatDisplayDate } from '../../components/dates/display-date.ts';
import { LoadFailedAlert } from '../../components/load-failed-alert.tsx';
import { useSession } from '../../session/session-context.ts';

const STATUS_COLOUR: Record<DeliveryStatus, ChipProps['color']> = {
  queued: 'default',
  sent: 'info',
  failed: 'error',
  acknowledged: 'success',
};

/**
 * The messages an alarm's call-out sent (issue 38): when, which step, by which channel to which
 * address, how it went and the provider's error; refreshed while any is still queued.
 */
export function DeliveriesLog({ alarmId }: { alarmId: string }) {
  const { t } = useTranslation('alarms');
  const { project, hasModule } = useSession();
  const deliveries = useQuery({ ...deliveriesQuery(project.id, alarmId), enabled: hasModule('notifications') });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const list = [...(deliveries.data?.objects ?? [])].sort(
    (a, b) => a.step - b.step || Date.parse(a.created_at) - Date.parse(b.created_at),
  );
  return (
    <Box component="section" aria-label={t('deliveries.heading')}>
      <Typography variant="subtitle2" component="h3">
        {t('deliveries.heading')}
      </Typography>
      {deliveries.isPending && <Skeleton height={80} aria-label={t('deliveries.loading')} />}
      {deliveries.isError && (
        <LoadFailedAlert onRetry={() => void deliveries.refetch()}>{t('deliveries.failed')}</LoadFailedAlert>
      )}
      {deliveries.isSuccess && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('deliveries.empty')}
        </Typography>
      )}
      {list.length > 0 && (phone ? <DeliveryCards list={list} /> : <DeliveryTable list={list} />)}
    </Box>
  );
}

function useDeliveryTexts() {
  const { t, i18n } = useTranslation('alarms');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return {
    t,
    time: (d: Delivery) => formatDisplayDate(d.sent_at ?? d.created_at, locale),
    status: (d: Delivery) => (
      <Chip
        size="small"
        color={STATUS_COLOUR[d.status]}
        variant="outlined"
        label={t(`deliveries.status.${d.status}`)}
      />
    ),
  };
}

function DeliveryTable({ list }: { list: Delivery[] }) {
  const { t, time, status } = useDeliveryTexts();
  return (
    <Table size="small" aria-label={t('deliveries.heading')}>
      <TableHead>
        <TableRow>
          {(['time', 'step', 'channel', 'address', 'status', 'attempts'] as const).map((column) => (
            <TableCell key={column}>{t(`deliveries.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((d) => (
          <TableRow key={d.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(d)}</TableCell>
            <TableCell>{d.step + 1}</TableCell>
            <TableCell>{t(`callOut.channels.${d.channel}`)}</TableCell>
            {/* an e-mail address or a number on one line; only a webhook's long URL wraps */}
            <TableCell sx={d.channel === 'webhook' ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}>
              {d.address}
            </TableCell>
            <TableCell>
              {status(d)}
              {d.error && (
                <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {d.error}
                </Typography>
              )}
            </TableCell>
            <TableCell>{d.attempts}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A phone has no room for six columns: one small card a message. */
function DeliveryCards({ list }: { list: Delivery[] }) {
  const { t, time, status } = useDeliveryTexts();
  return (
    <Stack component="ul" spacing={1} aria-label={t('deliveries.heading')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {list.map((d) => (
        <Box component="li" key={d.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('deliveries.card', { step: d.step + 1, channel: t(`callOut.channels.${d.channel}`) })}
            </Typography>
            {status(d)}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {d.address}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {time(d)} · {t('deliveries.attempts', { count: d.attempts })}
          </Typography>
          {d.error && (
            <Typography variant="caption" color="error" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {d.error}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}
