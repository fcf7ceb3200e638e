import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StateLabel } from '../../components/state-dot.tsx';
import { textOf } from '../parts/detail-list.tsx';
import { contextOf, objectOf, type BodyProps } from './body-props.ts';

const STATES = ['health_state', 'metric_quality_state', 'abnormality_state'] as const;

/** data_quality_issues_state_changed: the interface node and its instruments with their states. */
export function DataQualityBody({ notification }: BodyProps) {
  const { t } = useTranslation('notifications');
  const c = contextOf(notification);
  const node = notification.extra.monitored_entity;
  const rows = [
    { ...c, id: node?.id ?? 'node', eid: node?.eid, title: node?.title },
    ...(Array.isArray(c.instruments) ? c.instruments.map(objectOf) : []),
  ];
  return (
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
          {rows.map((row, i) => (
            <TableRow key={String(row.id ?? i)}>
              <TableCell sx={{ fontWeight: i === 0 ? 600 : undefined }}>
                {textOf(row.title) ?? textOf(row.eid) ?? t('detail.na')}
                {i === 0 && ` (${t('detail.interfaceNode')})`}
              </TableCell>
              {STATES.map((state) => (
                <TableCell key={state}>
                  <StateLabel state={row[state]} />
                </TableCell>
              ))}
              <TableCell>
                {typeof row.maintenance_mode === 'boolean'
                  ? t(row.maintenance_mode ? 'detail.yes' : 'detail.no')
                  : t('detail.na')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
