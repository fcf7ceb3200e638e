import { Box, Chip, Stack, Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { DeviceProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { CardFrame } from '../cards/card-frame.tsx';
import { DeviceBadges } from '../cards/device-badges.tsx';
import { AttachmentList, shownAttachments } from './attachment-list.tsx';
import { DeviceStates } from './device-states.tsx';

/** The details card of an entity dashboard (requirements#monitoring-screens, #monitoring-entities). */
export function DetailsCard({ device }: { device: DeviceProfile }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const date = (iso: string | null) => (iso ? formatDisplayDate(iso, locale) : t('na'));
  const rows: Array<[string, React.ReactNode]> = [
    [t('details.title'), device.title],
    [t('details.eid'), device.eid],
    [t('details.type'), t(`entityTypes.${device.monitored_entity_type}`)],
    [t('details.description'), device.description || t('na')],
    [t('details.scheme'), device.scheme?.name ?? t('na')],
    [t('details.interfaceNode'), device.interface_node?.title ?? t('na')],
    [t('details.maintenance'), device.maintenance_mode ? t('details.yes') : t('details.no')],
    [t('details.latestRead'), date(device.latest_payload_read_at)],
    [t('details.latestReceived'), date(device.latest_payload_received_at)],
    [
      t('details.sla'),
      t('details.slaValue', {
        minutes: Math.round(device.contracted_sla_time / 60),
        count: Math.round(device.contracted_sla_time / 60),
      }),
    ],
    [t('details.certificate'), device.asset_certificate || t('na')],
  ];
  const attachments = shownAttachments(device);
  return (
    <CardFrame title={t('details.heading')}>
      <Box sx={{ overflow: 'auto', flex: 1 }}>
        <DeviceBadges device={device} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          <Table size="small" aria-label={t('details.heading')}>
            <TableBody>
              {rows.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ pl: 0, color: 'text.secondary', width: '40%' }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ pr: 0 }}>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <DeviceStates device={device} />
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }} aria-label={t('details.labels')}>
          {device.labels.map((label) => (
            <Chip key={label} label={label} size="small" />
          ))}
        </Stack>
        {attachments.length > 0 && <AttachmentList attachments={attachments} />}
      </Box>
    </CardFrame>
  );
}
