import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { stateColour, type DashboardCard, type StateColour } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { STATE_INK, STATE_PAINT } from '../../../components/state/state-paint.ts';
import { devicesOf, stateCounts, stateOf, worstFirst } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { DeviceListDialog } from './device-list-dialog.tsx';

type Card = Extract<DashboardCard, { type: 'state-summary' }>;

/** How many devices are in each state, most urgent first; each count opens the list of its devices. */
export function StateSummaryCard({ card }: { card: Card }) {
  const { t } = useTranslation('dashboards');
  const { stateType } = useDashboardContext();
  const { devices, groups } = useDashboardData();
  const [open, setOpen] = useState<StateColour | null>(null);
  const group = card.group_id ? groups.data?.find((g) => g.id === card.group_id) : null;
  const title = card.title || t('summary.title', { scope: group?.title ?? t('summary.allDevices') });
  const members = worstFirst(devicesOf(devices.data ?? [], groups.data ?? [], card.group_id), stateType);
  const counts = stateCounts(members, stateType);
  const loading = devices.isPending || groups.isPending;
  return (
    <CardFrame
      title={title}
      subtitle={t('summary.total', { count: members.length })}
      loading={loading}
      error={devices.isError || groups.isError}
      onRetry={() => void devices.refetch()}
      empty={!loading && members.length === 0 ? t('noData') : null}
      exportSettings={() =>
        tableExport(
          title,
          counts.map((c) => ({ state: t(`states.${c.colour}`), count: c.count })),
          [
            { heading: t(`stateType.${stateType}`), key: 'state' },
            { heading: t('columns.count'), key: 'count' },
          ],
        )
      }
    >
      <Box sx={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', mb: 1 }} aria-hidden>
        {counts.map((c) => (
          <Box key={c.colour} sx={{ flex: c.count, bgcolor: STATE_PAINT[c.colour] }} />
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignContent: 'flex-start', overflow: 'auto' }}>
        {counts.map(({ colour, count }) => (
          <ButtonBase
            key={colour}
            onClick={() => setOpen(colour)}
            aria-label={t('summary.countLabel', { count, state: t(`states.${colour}`) })}
            sx={{
              minWidth: 72,
              px: 1.5,
              py: 0.75,
              borderRadius: 1,
              flexDirection: 'column',
              bgcolor: STATE_PAINT[colour],
              color: STATE_INK[colour],
            }}
          >
            <Typography variant="h5" component="span" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
              {count}
            </Typography>
            <Typography variant="caption" component="span">
              {t(`states.${colour}`)}
            </Typography>
          </ButtonBase>
        ))}
      </Stack>
      <DeviceListDialog
        open={open !== null}
        title={open ? t('summary.listTitle', { state: t(`states.${open}`), scope: title }) : ''}
        devices={members.filter((d) => stateColour(stateOf(d, stateType)) === open)}
        onClose={() => setOpen(null)}
      />
    </CardFrame>
  );
}
