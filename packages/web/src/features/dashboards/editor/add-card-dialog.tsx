import {
  Autocomplete,
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
import { CARD_PRESETS, CARD_TYPES, PRESET_LISTS, type DashboardCard, chartableMetrics } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { cardFromDraft, EMPTY_DRAFT, type CardDraft } from './card-draft.ts';

const SIZES = ['default', ...Object.keys(CARD_PRESETS)] as const;

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
  const set = (change: Partial<CardDraft>) => setDraft((d) => ({ ...d, ...change }));
  const card = cardFromDraft(draft, cards);
  const needsDevices =
    draft.type === 'chart' ||
    draft.type === 'gauge' ||
    (draft.type === 'device-state' && draft.targetKind === 'entity');
  const needsGroup =
    draft.type === 'state-summary' ||
    draft.type === 'device-table' ||
    (draft.type === 'device-state' && draft.targetKind === 'group');
  const scheme = schemes.data?.find((s) => s.id === draft.devices[0]?.scheme?.id);
  const metrics = chartableMetrics(scheme);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('editor.addCard')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('editor.cardType')}
            value={draft.type}
            onChange={(e) => set({ type: e.target.value as CardDraft['type'], metric: '' })}
          >
            {CARD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`cardTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
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
            <Autocomplete
              multiple={draft.type === 'chart'}
              options={(devices.data ?? []).filter(
                (d) =>
                  draft.devices.length === 0 || draft.type !== 'chart' || d.scheme?.id === draft.devices[0]!.scheme?.id,
              )}
              getOptionLabel={(d) => d.title}
              groupBy={(d) => d.scheme?.name ?? ''}
              value={draft.type === 'chart' ? draft.devices : (draft.devices[0] ?? null)}
              onChange={(_, value) => set({ devices: Array.isArray(value) ? value.slice(0, 8) : value ? [value] : [] })}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={draft.type === 'chart' ? t('editor.devices') : t('editor.device')}
                  helperText={draft.type === 'chart' ? t('editor.devicesHint') : ' '}
                />
              )}
            />
          )}
          {needsGroup && (
            <TextField
              select
              label={t('editor.group')}
              value={draft.groupId}
              onChange={(e) => set({ groupId: e.target.value })}
            >
              {draft.type !== 'device-state' && <MenuItem value="">{t('summary.allDevices')}</MenuItem>}
              {(groups.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.title}
                </MenuItem>
              ))}
            </TextField>
          )}
          {(draft.type === 'chart' || draft.type === 'gauge') && (
            <TextField
              select
              label={t('editor.metric')}
              value={draft.metric}
              disabled={!metrics.length}
              onChange={(e) => set({ metric: e.target.value })}
            >
              {metrics.map((m) => (
                <MenuItem key={m.metric} value={m.metric}>
                  {m.unit ? `${m.label} (${m.unit})` : m.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {draft.type === 'chart' && (
            <TextField
              select
              label={t('chart.period')}
              value={draft.period}
              onChange={(e) => set({ period: e.target.value as CardDraft['period'] })}
            >
              {PRESET_LISTS.default.presets.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`presets.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('editor.cardTitle')}
            helperText={t('editor.cardTitleHint')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            select
            label={t('editor.size')}
            value={draft.size}
            onChange={(e) => set({ size: e.target.value as CardDraft['size'] })}
          >
            {SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {t(`sizes.${size}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={!card} onClick={() => card && onAdd(card)}>
          {t('editor.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
