import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import {
  CARD_PRESETS,
  CARD_TYPES,
  type CardPreset,
  chartableMetrics,
  PRESET_LISTS,
  presetListFor,
  type DashboardCard,
  MAX_CHART_SERIES,
} from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devicesOf } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { checkDraft, EMPTY_DRAFT, type CardDraft } from './card-draft.ts';
import { choosesDevices, choosesGroup, choosesMetric, isInclinometerScheme, metricsOfDevices } from './card-choices.ts';
import { CardOptionFields } from './card-option-fields.tsx';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

const SIZES: readonly CardDraft['size'][] = ['default', ...(Object.keys(CARD_PRESETS) as CardPreset[])];

/** Chooses a card's type and what it shows; the card goes below the page's others. */
export function AddCardDialog({
  cards,
  onAdd,
  onClose,
}: {
  cards: readonly DashboardCard[];
  onAdd(card: DashboardCard): void;
  onClose(): void;
}) {
  const { t } = useTranslation('dashboards');
  const { devices, groups, schemes } = useDashboardData();
  const [draft, setDraft] = useState<CardDraft>(EMPTY_DRAFT);
  const [tried, setTried] = useState(false);
  const set = (change: Partial<CardDraft>) => setDraft((d) => ({ ...d, ...change }));
  const check = checkDraft(draft, cards);
  const errors = tried ? check.errors : {};
  const needsDevices = choosesDevices(draft.type, draft.targetKind);
  const needsGroup = choosesGroup(draft.type, draft.targetKind);
  const multiple = draft.type === 'chart';
  const schemeList = schemes.data ?? [];
  const deviceOptions = (devices.data ?? []).filter((d) => {
    if (draft.type === 'inclinometer-profile')
      return isInclinometerScheme(schemeList.find((s) => s.id === d.scheme?.id));
    // A chart's devices share the first one's scheme, so that they share its metric.
    return !multiple || draft.devices.length === 0 || d.scheme?.id === draft.devices[0]!.scheme?.id;
  });
  const metrics = needsGroup
    ? metricsOfDevices(devicesOf(devices.data ?? [], groups.data ?? [], draft.groupId || null), schemeList)
    : chartableMetrics(schemeList.find((s) => s.id === draft.devices[0]?.scheme?.id));
  const periodList = draft.type === 'aggregation-table' ? presetListFor(draft.interval) : PRESET_LISTS.default;
  const periods = periodList.presets.includes(draft.period)
    ? periodList.presets
    : [draft.period, ...periodList.presets];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('editor.addCard')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ChoiceField
            label={t('editor.cardType')}
            value={draft.type}
            choices={CARD_TYPES}
            choiceLabel={(type) => t(`cardTypes.${type}`)}
            onChange={(type) => {
              setTried(false);
              set({ type, metric: '', devices: [], period: EMPTY_DRAFT.period });
            }}
          />
          {draft.type === 'device-state' && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={draft.targetKind}
              onChange={(_, kind) => kind && set({ targetKind: kind })}
            >
              <ToggleButton value="entity">{t('editor.oneDevice')}</ToggleButton>
              <ToggleButton value="group">{t('editor.deviceGroup')}</ToggleButton>
            </ToggleButtonGroup>
          )}
          {needsDevices && (
            <DevicePicker
              multiple={multiple}
              devices={deviceOptions}
              groupBy={(d) => d.scheme?.name ?? ''}
              value={multiple ? draft.devices : (draft.devices[0] ?? null)}
              onChange={(value) =>
                set({ devices: Array.isArray(value) ? value.slice(0, MAX_CHART_SERIES) : value ? [value] : [] })
              }
              label={multiple ? t('editor.devices') : t('editor.device')}
              helperText={
                multiple ? t('editor.devicesHint') : draft.type === 'inclinometer-profile' ? t('editor.chainHint') : ' '
              }
            />
          )}
          {needsGroup && (
            <TextField
              select
              label={t('editor.group')}
              value={draft.groupId}
              onChange={(e) => set({ groupId: e.target.value, metric: '' })}
              // '' is every device of the project: shown by name, not as an empty field.
              slotProps={{ select: { displayEmpty: draft.type !== 'device-state' }, inputLabel: { shrink: true } }}
            >
              {draft.type !== 'device-state' && <MenuItem value="">{t('summary.allDevices')}</MenuItem>}
              {(groups.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.title}
                </MenuItem>
              ))}
            </TextField>
          )}
          {choosesMetric(draft.type) && (
            <TextField
              select
              label={t('editor.metric')}
              value={draft.metric}
              disabled={!metrics.length}
              error={Boolean(errors.metric)}
              helperText={errors.metric ? t('editor.metricRequired') : ' '}
              onChange={(e) => set({ metric: e.target.value })}
            >
              {metrics.map((m) => (
                <MenuItem key={m.metric} value={m.metric}>
                  {m.unit ? `${m.label} (${m.unit})` : m.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <CardOptionFields draft={draft} set={set} errors={errors} />
          {(draft.type === 'chart' || draft.type === 'aggregation-table') && (
            <ChoiceField
              label={t('chart.period')}
              value={draft.period}
              choices={periods}
              choiceLabel={(p) => t(`presets.${p}`)}
              onChange={(period) => set({ period })}
            />
          )}
          <TextField
            label={t('editor.cardTitle')}
            helperText={t('editor.cardTitleHint')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <ChoiceField
            label={t('editor.size')}
            value={draft.size}
            choices={SIZES}
            choiceLabel={(size) => t(`sizes.${size}`)}
            onChange={(size) => set({ size })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!check.card && !Object.keys(check.errors).length}
          onClick={() => (check.card ? onAdd(check.card) : setTried(true))}
        >
          {t('editor.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
