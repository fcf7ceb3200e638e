import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { LIMIT_BOUNDS, LIMIT_LEVELS, type InvalidBound, type MetricLimit } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAFT_GROUPS, metricKeysOf, type DraftGroup, type SchemeDraft } from '../model/scheme-draft.ts';
import { NumberText } from './number-text.tsx';

interface RowsProps<T> {
  draft: SchemeDraft;
  rows: readonly T[];
  onChange(rows: T[]): void;
  problems: (path: string) => string | undefined;
  readOnly: boolean;
}

type LimitBound = MetricLimit['bound'];

/** A limit's optional alarm behaviour (ADR 0023): each field with its label's key. */
const ALARM_TIMING = [
  ['deadband', 'schemes.deadband'],
  ['on_delay', 'schemes.onDelay'],
  ['on_delay_readings', 'schemes.onDelayReadings'],
  ['off_delay', 'schemes.offDelay'],
] as const satisfies ReadonlyArray<readonly [keyof MetricLimit, string]>;

/**
 * Warning and critical limits, upper and lower, with the alarm behaviour of ADR 0023: a deadband (in
 * the metric's unit) a value must come back past to clear, and on and off delays.
 */
export function LimitsEditor({ draft, rows, onChange, problems, readOnly }: RowsProps<MetricLimit>) {
  const { t } = useTranslation('deviceRegistry');
  const set = (index: number, patch: Partial<MetricLimit>) =>
    onChange(rows.map((row, i) => (i === index ? clean({ ...row, ...patch }) : row)));
  const first = DRAFT_GROUPS.find((g) => metricKeysOf(draft, g).length) ?? 'raw_metrics';
  return (
    <Rows
      title={t('schemes.limits')}
      hint={t('schemes.limitsHint')}
      addLabel={t('schemes.addLimit')}
      readOnly={readOnly}
      onAdd={() =>
        onChange([
          ...rows,
          { group: first, metric: metricKeysOf(draft, first)[0] ?? '', level: 'warning', bound: 'upper', value: 0 },
        ])
      }
    >
      {rows.map((row, index) => (
        <RowBox
          key={index}
          label={t('schemes.limitLabel', { metric: row.metric, level: t(`schemes.levels.${row.level}`) })}
          onRemove={readOnly ? undefined : () => onChange(rows.filter((_, i) => i !== index))}
          removeLabel={t('schemes.removeLimit')}
        >
          <MetricChoice
            draft={draft}
            groups={DRAFT_GROUPS}
            group={row.group}
            metric={row.metric}
            error={problems(`${index}.metric`)}
            readOnly={readOnly}
            onChange={(group, metric) => set(index, { group, metric })}
          />
          <Choice
            label={t('schemes.level')}
            value={row.level}
            options={LIMIT_LEVELS.map((l) => [l, t(`schemes.levels.${l}`)])}
            onChange={(level) => set(index, { level })}
            readOnly={readOnly}
          />
          <BoundFields
            bound={row.bound}
            value={row.value}
            onChange={(patch) => set(index, patch)}
            readOnly={readOnly}
            valueError={Boolean(problems(`${index}.value`))}
          />
          {ALARM_TIMING.map(([field, label]) => (
            <NumberText
              key={field}
              label={t(label)}
              value={row[field]}
              onValue={(value) => set(index, { [field]: value })}
              invalidText={t('form.errors.number')}
              error={Boolean(problems(`${index}.${field}`))}
              slotProps={{ input: { readOnly } }}
            />
          ))}
        </RowBox>
      ))}
    </Rows>
  );
}

/** Bounds beyond which a value is physically impossible: ingest moves it to the invalid metrics. */
export function InvalidBoundsEditor({ draft, rows, onChange, problems, readOnly }: RowsProps<InvalidBound>) {
  const { t } = useTranslation('deviceRegistry');
  const set = (index: number, patch: Partial<InvalidBound>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const groups = ['raw_metrics', 'calculated_metrics'] as const;
  return (
    <Rows
      title={t('schemes.invalidBounds')}
      hint={t('schemes.invalidBoundsHint')}
      addLabel={t('schemes.addInvalidBound')}
      readOnly={readOnly}
      onAdd={() =>
        onChange([
          ...rows,
          { group: 'raw_metrics', metric: metricKeysOf(draft, 'raw_metrics')[0] ?? '', bound: 'upper', value: 0 },
        ])
      }
    >
      {rows.map((row, index) => (
        <RowBox
          key={index}
          label={t('schemes.invalidBoundLabel', { metric: row.metric })}
          onRemove={readOnly ? undefined : () => onChange(rows.filter((_, i) => i !== index))}
          removeLabel={t('schemes.removeInvalidBound')}
        >
          <MetricChoice
            draft={draft}
            groups={groups}
            group={row.group}
            metric={row.metric}
            error={problems(`${index}.metric`)}
            readOnly={readOnly}
            onChange={(group, metric) => set(index, { group: group as InvalidBound['group'], metric })}
          />
          <BoundFields
            bound={row.bound}
            value={row.value}
            onChange={(patch) => set(index, patch)}
            readOnly={readOnly}
          />
        </RowBox>
      ))}
    </Rows>
  );
}

function Rows(props: {
  title: string;
  hint: string;
  addLabel: string;
  readOnly: boolean;
  onAdd(): void;
  children: ReactNode;
}) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.hint}
      </Typography>
      <Stack spacing={1.5}>{props.children}</Stack>
      {!props.readOnly && (
        <Button size="small" startIcon={<AddOutlined />} sx={{ mt: 1 }} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      )}
    </Box>
  );
}

function RowBox(props: { label: string; removeLabel: string; onRemove?: () => void; children: ReactNode }) {
  return (
    <Box
      role="group"
      aria-label={props.label}
      sx={{
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(auto-fill, minmax(170px, 1fr))' },
        alignItems: 'start',
      }}
    >
      {props.children}
      {props.onRemove && (
        <IconButton aria-label={props.removeLabel} onClick={props.onRemove} sx={{ justifySelf: 'start' }}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** Which side of the value is out of bounds (upper or lower), and the value itself, which is required. */
function BoundFields(props: {
  bound: LimitBound;
  value: number;
  onChange(patch: { bound: LimitBound } | { value: number }): void;
  readOnly: boolean;
  valueError?: boolean;
}) {
  const { t } = useTranslation('deviceRegistry');
  return (
    <>
      <Choice
        label={t('schemes.bound')}
        value={props.bound}
        options={LIMIT_BOUNDS.map((b) => [b, t(`schemes.bounds.${b}`)])}
        onChange={(bound) => props.onChange({ bound })}
        readOnly={props.readOnly}
      />
      <NumberText
        label={t('schemes.value')}
        value={props.value}
        onValue={(value) => props.onChange({ value: value ?? Number.NaN })}
        invalidText={t('form.errors.number')}
        error={props.valueError}
        required
        slotProps={{ input: { readOnly: props.readOnly } }}
      />
    </>
  );
}

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: Array<[NoInfer<T>, string]>;
  onChange(value: NoInfer<T>): void;
  readOnly: boolean;
  error?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      error={Boolean(props.error)}
      helperText={props.error}
      // The menu offers only `options`, so the chosen value is one of them.
      onChange={(e) => props.onChange(e.target.value as T)}
      slotProps={{ input: { readOnly: props.readOnly } }}
    >
      {props.options.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A metric named by its group and key, offered from what the draft declares. */
function MetricChoice(props: {
  draft: SchemeDraft;
  groups: readonly DraftGroup[];
  group: DraftGroup;
  metric: string;
  error?: string;
  readOnly: boolean;
  onChange(group: DraftGroup, metric: string): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const keys = metricKeysOf(props.draft, props.group);
  return (
    <>
      <Choice
        label={t('schemes.group')}
        value={props.group}
        options={props.groups.map((g) => [g, t(`schemes.groups.${g}`)])}
        onChange={(group) => props.onChange(group, metricKeysOf(props.draft, group)[0] ?? '')}
        readOnly={props.readOnly}
      />
      <Choice
        label={t('schemes.metric')}
        value={keys.includes(props.metric) ? props.metric : ''}
        options={keys.map((k) => [k, k])}
        onChange={(metric) => props.onChange(props.group, metric)}
        readOnly={props.readOnly}
        error={props.error}
      />
    </>
  );
}

/** Optional numbers left empty are left out. */
function clean(limit: MetricLimit): MetricLimit {
  const copy = { ...limit } as Record<string, unknown>;
  for (const key of ['deadband', 'on_delay', 'on_delay_readings', 'off_delay'])
    if (copy[key] === undefined) delete copy[key];
  return copy as MetricLimit;
}
