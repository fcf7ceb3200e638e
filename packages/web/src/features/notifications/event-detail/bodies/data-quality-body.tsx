import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StateLabel } from '../../components/state-dot.tsx';
import { DetailList, textOf } from '../parts/detail-list.tsx';
import { DetailSection } from '../parts/detail-section.tsx';
import { contextOf, objectOf, type BodyProps } from './body-props.ts';

const STATES = ['health_state', 'metric_quality_state', 'abnormality_state'] as const;

/**
 * data_quality_issues_state_changed: the interface node and its instruments with their states. A
 * table; on a phone, where five columns do not fit, one block per device.
 */
export function DataQualityBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const c = contextOf(notification);
  const node = notification.extra.monitored_entity;
  const devices = [
    { ...c, id: node?.id ?? 'node', eid: node?.eid, title: node?.title },
    ...(Array.isArray(c.instruments) ? c.instruments.map(objectOf) : []),
  ].map((row, i) => ({
    key: String(row.id ?? i),
    name: `${textOf(row.title) ?? textOf(row.eid) ?? t('detail.na')}${i === 0 ? ` (${t('detail.interfaceNode')})` : ''}`,
    node: i === 0,
    states: STATES.map((state) => ({
      state,
      label: t(`stateNames.${state}`),
      value: <StateLabel state={row[state]} />,
    })),
    maintenance:
      typeof row.maintenance_mode === 'boolean' ? t(row.maintenance_mode ? 'detail.yes' : 'detail.no') : t('detail.na'),
  }));

  return (
    <DetailSection title={t('detail.instruments')}>
      {phone ? (
        <Box component="ul" aria-label={t('detail.instruments')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {devices.map((device) => (
            <Box
              component="li"
              key={device.key}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, '& + &': { mt: 1 } }}
            >
              <Typography variant="body2" sx={{ fontWeight: device.node ? 700 : 600, mb: 1 }}>
                {device.name}
              </Typography>
              <DetailList items={[...device.states, { label: t('detail.maintenance'), value: device.maintenance }]} />
            </Box>
          ))}
        </Box>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label={t('detail.instruments')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('detail.device')}</TableCell>
                {STATES.map((state) => (
                  <TableCell key={state}>{t(`stateNames.${state}`)}</TableCell>
                ))}
                <TableCell>{t('detail.maintenance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {devices.map((device) => (
                <TableRow key={device.key}>
                  <TableCell sx={{ fontWeight: device.node ? 600 : undefined }}>{device.name}</TableCell>
                  {device.states.map(({ state, value }) => (
                    <TableCell key={state}>{value}</TableCell>
                  ))}
                  <TableCell>{device.maintenance}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DetailSection>
  );
}
