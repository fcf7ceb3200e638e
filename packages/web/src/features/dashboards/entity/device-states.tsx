import { Box, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { stateColour, TRACKED_STATES, type DeviceProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { StateDot } from '../../../components/state/state-dot.tsx';

/** Every state of a device with its colour and when it changed. */
export function DeviceStates({ device }: { device: Partial<DeviceProfile> }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Table size="small" aria-label={t('details.states')}>
      <TableBody>
        {TRACKED_STATES.map((name) => {
          const value = device[name];
          const changedAt = device[`${name}_changed_at`];
          return (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                {t(`stateNames.${name}`)}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <StateDot state={value} size={12} />
                  {t(`states.${stateColour(value)}`)}
                </Box>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', fontSize: 12, pr: 0 }}>
                {changedAt ? formatDisplayDate(changedAt, locale) : t('na')}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
