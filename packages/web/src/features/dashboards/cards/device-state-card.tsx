import { Stack, Typography } from '@mui/material';
import type { DashboardCard } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, relativeTime } from '../../../components/dates/display-date.ts';
import { useNow } from '../../../components/dates/use-now.ts';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { devicesOf, groupState, stateChangedAtOf, stateOf, worstFirst } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { DeviceBadges } from './device-badges.tsx';
import { StateBlock } from './state-block.tsx';

type Card = Extract<DashboardCard, { type: 'device-state' }>;

type Target<K> = Extract<Card['target'], { kind: K }>;

/** The safety or operational state of one device, or of a group taken as its most urgent member. */
export function DeviceStateCard({ card }: { card: Card }) {
  return card.target.kind === 'group' ? (
    <GroupStateCard title={card.title} target={card.target} />
  ) : (
    <EntityStateCard title={card.title} target={card.target} />
  );
}

function GroupStateCard({ title: ownTitle, target }: { title: string; target: Target<'group'> }) {
  const { t } = useTranslation('dashboards');
  const { stateType } = useDashboardContext();
  const { devices, groups } = useDashboardData();
  const loading = devices.isPending || groups.isPending;
  const group = groups.data?.find((g) => g.id === target.id);
  const members = worstFirst(devicesOf(devices.data ?? [], groups.data ?? [], target.id), stateType);
  const state = groupState(members, stateType);
  const title = ownTitle || group?.title || t('na');
  return (
    <CardFrame
      title={title}
      subtitle={t(`stateType.${stateType}`)}
      loading={loading}
      error={devices.isError || groups.isError}
      onRetry={() => void Promise.all([devices.refetch(), groups.refetch()])}
      empty={!loading && !group ? t('noData') : null}
      exportSettings={() =>
        tableExport(
          title,
          members.map((d) => ({ title: d.title, eid: d.eid, state: stateOf(d, stateType) })),
          [
            { heading: t('columns.device'), key: 'title' },
            { heading: t('columns.eid'), key: 'eid' },
            { heading: t(`stateType.${stateType}`), key: 'state' },
          ],
        )
      }
    >
      <StateBlock state={state} name={title}>
        <Typography variant="caption" component="div" noWrap>
          {t('stateCard.members', { count: members.length })}
        </Typography>
      </StateBlock>
      {members[0] && (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ mt: 0.5 }}>
          {t('stateCard.worst', { title: members[0].title })}
        </Typography>
      )}
    </CardFrame>
  );
}

function EntityStateCard({ title: ownTitle, target }: { title: string; target: Target<'entity'> }) {
  const { t, i18n } = useTranslation('dashboards');
  const { stateType, openDevice } = useDashboardContext();
  const { devices } = useDashboardData();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const now = useNow();
  const ago = (iso: string | null | undefined) => (iso ? relativeTime(iso, now, locale) : t('na'));
  const full = (iso: string | null | undefined) => (iso ? formatDisplayDate(iso, locale) : undefined);
  const loading = devices.isPending;
  const device = devices.data?.find((d) => d.id === target.id);
  const title = ownTitle || device?.title || t('na');
  const state = device ? stateOf(device, stateType) : 'unknown';
  const changedAt = device ? stateChangedAtOf(device, stateType) : null;
  return (
    <CardFrame
      title={title}
      subtitle={device?.eid}
      loading={loading}
      error={devices.isError}
      onRetry={() => void devices.refetch()}
      empty={!loading && !device ? t('noData') : null}
      exportSettings={() =>
        tableExport(
          title,
          [{ title, state, changedAt, readAt: device?.latest_payload_read_at }],
          [
            { heading: t('columns.device'), key: 'title' },
            { heading: t(`stateType.${stateType}`), key: 'state' },
            { heading: t('columns.changedAt'), key: 'changedAt' },
            { heading: t('columns.latestRead'), key: 'readAt' },
          ],
        )
      }
    >
      <Stack spacing={0.75} sx={{ flex: 1, minHeight: 0 }}>
        <StateBlock
          state={state}
          name={device?.title ?? title}
          onClick={
            device &&
            (() => openDevice({ id: device.id, entity_type: device.monitored_entity_type, title: device.title }))
          }
        >
          <Typography variant="caption" component="div" noWrap title={full(changedAt)}>
            {t('stateCard.changedAt', { date: ago(changedAt) })}
          </Typography>
        </StateBlock>
        <Typography variant="caption" color="text.secondary" noWrap title={full(device?.latest_payload_read_at)}>
          {t('stateCard.latestRead', { date: ago(device?.latest_payload_read_at) })}
        </Typography>
        {device && <DeviceBadges device={device} />}
      </Stack>
    </CardFrame>
  );
}
