import {
  AGGREGATE_INTERVALS,
  metricInfo,
  presetListFor,
  presetRange,
  type AggregateInterval,
  type DashboardCard,
  type TimePreset,
} from '@vigil/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeseriesQuery } from '../../../api/metrics.ts';
import { aggregationRows } from '../../../components/aggregation-table/aggregation-rows.ts';
import { AggregationTable } from '../../../components/aggregation-table/aggregation-table.tsx';
import { InlineChoice } from '../../../components/forms/inline-choice.tsx';
import { aggregationColumns, aggregationRequest } from '../model/aggregation-card.ts';
import { devicesOf } from '../model/device-index.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';

type Card = Extract<DashboardCard, { type: 'aggregation-table' }>;

/**
 * A metric's aggregate per window for each device of a group (requirements#monitoring-screens: last 7 days by default).
 */
export function AggregationTableCard({ card }: { card: Card }) {
  const { t } = useTranslation('dashboards');
  const { now } = useDashboardContext();
  const { devices, groups, schemes } = useDashboardData();
  const [interval, setInterval] = useState<AggregateInterval>(card.interval);
  const [period, setPeriod] = useState<TimePreset>(card.period);
  const members = devicesOf(devices.data ?? [], groups.data ?? [], card.group_id);
  const columns = aggregationColumns(members, schemes.data ?? [], card);
  const range = useMemo(() => presetRange(period, now), [period, now]);
  const body = aggregationRequest(card, interval, columns, range);
  const result = useQuery({
    ...timeseriesQuery(body),
    enabled: columns.length > 0,
    placeholderData: keepPreviousData,
  });
  const rows = aggregationRows(
    result.data,
    columns.map((c) => c.key),
  );
  const list = presetListFor(interval);
  const periods = list.presets.includes(period) ? list.presets : [period, ...list.presets];
  const scheme = schemes.data?.find((s) => s.id === members.find((d) => d.id === columns[0]?.key)?.scheme?.id);
  const title = card.title || metricInfo(scheme, card.metric).label;
  const weekOf = (date: string) => t('aggregation.weekOf', { date });
  const waiting = devices.isPending || schemes.isPending || groups.isPending;

  return (
    <CardFrame
      title={title}
      subtitle={`${t(`functions.${card.function}`)} · ${t(`intervals.${interval}`)} · ${t(`presets.${period}`)}`}
      loading={waiting || (columns.length > 0 && result.isPending)}
      error={result.isError}
      onRetry={() => void result.refetch()}
      empty={
        !waiting && !columns.length
          ? t('aggregation.noDevices')
          : !result.isPending && !rows.length
            ? t('noData')
            : null
      }
      actions={
        <>
          <InlineChoice
            value={interval}
            choices={AGGREGATE_INTERVALS}
            choiceLabel={(i) => t(`intervals.${i}`)}
            ariaLabel={t('editor.interval')}
            onChange={(next) => {
              setInterval(next);
              setPeriod(presetListFor(next).defaultPreset);
            }}
          />
          <InlineChoice
            value={period}
            choices={periods}
            choiceLabel={(p) => t(`presets.${p}`)}
            ariaLabel={t('chart.period')}
            onChange={setPeriod}
          />
        </>
      }
      exportSettings={() => ({
        title,
        subtitle: `${range.from.toISOString()} – ${range.to.toISOString()}`,
        fileName: title,
        data: [
          {
            name: t('aggregation.sheet'),
            rows: [
              [t('aggregation.window'), ...columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label))],
              ...rows.map((r) => [new Date(r.start), ...r.values]),
            ],
          },
        ],
      })}
    >
      <AggregationTable
        columns={columns}
        rows={rows}
        interval={interval}
        label={title}
        windowHeading={t('aggregation.window')}
        weekOf={weekOf}
      />
    </CardFrame>
  );
}
