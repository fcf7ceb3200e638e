import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Box, Button, Checkbox, MenuItem, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSectionSensor, LatLng, SchemeObject } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery, schemesQuery, type DeviceChoice } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { projectOntoSection } from '../../../components/cross-section/section-geometry.ts';
import type { SectionDraft } from '../model/section-changes.ts';
import {
  chainageOf,
  defaultMetric,
  effectiveLocation,
  locationAtChainage,
  freeId,
  SENSOR_METRIC_TYPES,
} from '../model/sensor-edits.ts';
import { RowsTable } from '../../../components/forms/rows-table.tsx';
import { NumberField } from './number-field.tsx';
import { RemoveButton } from './remove-button.tsx';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

/**
 * The instruments placed on the section: which metric each shows, whether it is left out of the
 * phreatic surface, and where it lies along the section (its device's location, or a chainage typed in).
 */
export function SensorsEditor({
  draft,
  onSensors,
  deviceLocations,
}: {
  draft: SectionDraft;
  onSensors: (sensors: CrossSectionSensor[]) => void;
  /** where each device is, for sensors placed by their device's location */
  deviceLocations: ReadonlyMap<string, LatLng>;
}) {
  const { t, i18n } = useTranslation('crossSections');
  const { project } = useSession();
  const choices = useQuery(deviceChoicesQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  const [adding, setAdding] = useState<DeviceChoice | null>(null);
  const schemeById = useMemo(() => new Map((schemes.data ?? []).map((s) => [s.id, s])), [schemes.data]);
  const choiceById = useMemo(() => new Map((choices.data ?? []).map((c) => [c.id, c])), [choices.data]);
  const line = { x0: draft.x0_location, xMax: draft.x_max_location, distance: draft.distance };
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const update = (i: number, patch: Partial<CrossSectionSensor>) =>
    onSensors(draft.sensors.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const add = () => {
    if (!adding) return;
    const metric = defaultMetric(schemeById.get(adding.scheme?.id ?? ''));
    onSensors([
      ...draft.sensors,
      {
        id: freeId(adding.eid, draft.sensors),
        device_id: adding.id,
        title: adding.title,
        location: null,
        metric_type: metric?.metric_type ?? 'calculated_metrics',
        metric_field: metric?.metric_field ?? 'piezometric_level',
        exclude_metric: false,
      },
    ]);
    setAdding(null);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {!draft.x0_location || !draft.x_max_location ? <Alert severity="info">{t('sensors.noLine')}</Alert> : null}
      <RowsTable
        empty={draft.sensors.length === 0}
        emptyText={t('sensors.none')}
        ariaLabel={t('sensors.table')}
        minWidth={720}
        headings={[
          t('sensors.instrument'),
          t('sensors.metric'),
          t('sensors.exclude'),
          t('sensors.chainage', { unit: draft.distance_unit }),
          t('sensors.offset'),
        ]}
      >
        {draft.sensors.map((sensor, i) => {
          const location = effectiveLocation(sensor, deviceLocations);
          const placed = projectOntoSection(location, line.x0, line.xMax, line.distance);
          const chainage = chainageOf(location, line);
          const choice = choiceById.get(sensor.device_id);
          return (
            <TableRow key={sensor.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {sensor.title || choice?.title || sensor.id}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {sensor.location ? t('sensors.ownLocation') : t('sensors.deviceLocation')}
                </Typography>
              </TableCell>
              <TableCell>
                <MetricSelect
                  sensor={sensor}
                  scheme={schemeById.get(choice?.scheme?.id ?? '')}
                  onChange={(metric) => update(i, metric)}
                  label={t('sensors.metricOf', { title: sensor.title || sensor.id })}
                />
              </TableCell>
              <TableCell>
                <Checkbox
                  checked={sensor.exclude_metric}
                  onChange={(_, checked) => update(i, { exclude_metric: checked })}
                  slotProps={{
                    input: { 'aria-label': t('sensors.excludeOf', { title: sensor.title || sensor.id }) },
                  }}
                />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <NumberField
                  size="small"
                  variant="standard"
                  allowEmpty
                  disabled={!line.x0 || !line.xMax}
                  value={chainage === null ? null : Math.round(chainage * 10) / 10}
                  onValue={(value) =>
                    value !== null &&
                    line.x0 &&
                    line.xMax &&
                    update(i, {
                      location: locationAtChainage(value, {
                        x0: line.x0,
                        xMax: line.xMax,
                        distance: line.distance,
                      }),
                    })
                  }
                  slotProps={{
                    htmlInput: { 'aria-label': t('sensors.chainageOf', { title: sensor.title || sensor.id }) },
                  }}
                />
              </TableCell>
              <TableCell>
                {placed ? t('sensors.offsetValue', { value: number(Math.abs(placed.offset)) }) : t('sensors.notPlaced')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <RemoveButton
                  title={t('sensors.remove')}
                  label={t('sensors.removeNamed', { title: sensor.title || sensor.id })}
                  onClick={() => onSensors(draft.sensors.filter((_, j) => j !== i))}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </RowsTable>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <DevicePicker
          size="small"
          devices={choices.data ?? []}
          loading={choices.isPending}
          value={adding}
          onChange={setAdding}
          getOptionLabel={(choice) => `${choice.eid} · ${choice.title}`}
          label={t('sensors.addLabel')}
          sx={{ flex: 1, minWidth: 240, maxWidth: 480 }}
        />
        <Button variant="outlined" startIcon={<AddOutlined />} disabled={!adding} onClick={add}>
          {t('sensors.add')}
        </Button>
      </Box>
    </Box>
  );
}

/** The metric a sensor shows, from its device's scheme: raw, calculated or context, each with its unit. */
function MetricSelect({
  sensor,
  scheme,
  onChange,
  label,
}: {
  sensor: CrossSectionSensor;
  scheme: SchemeObject | undefined;
  onChange: (metric: Pick<CrossSectionSensor, 'metric_type' | 'metric_field'>) => void;
  label: string;
}) {
  const { t } = useTranslation('crossSections');
  const value = `${sensor.metric_type}.${sensor.metric_field}`;
  const options = SENSOR_METRIC_TYPES.flatMap((type) =>
    (scheme?.spec.metrics[type] ?? []).map((m) => ({
      value: `${type}.${m.key}`,
      text: `${t(`metricTypes.${type}`)} · ${m.label}${m.unit ? ` (${m.unit})` : ''}`,
    })),
  );
  // The sensor's own metric stays selectable while the scheme loads, or if the scheme no longer has it.
  if (!options.some((o) => o.value === value)) options.unshift({ value, text: value });
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      onChange={(event) => {
        const [type, ...field] = event.target.value.split('.');
        onChange({ metric_type: type as CrossSectionSensor['metric_type'], metric_field: field.join('.') });
      }}
      slotProps={{ htmlInput: { 'aria-label': label } }}
      sx={{ minWidth: 200 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
