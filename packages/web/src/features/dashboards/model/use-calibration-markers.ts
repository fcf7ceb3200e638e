import { useQueries } from '@tanstack/react-query';
import type { ChartSeries } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { calibrationsQuery } from '../../../api/calibrations.ts';
import { calibrationMarkers, chartedInstruments } from './calibration-markers.ts';
import { useDashboardData } from './use-dashboard-data.ts';

/** The calibration changes of a chart's instruments as its marks, labelled in the interface language. */
export function useCalibrationMarkers(series: readonly ChartSeries[]) {
  const { t, i18n } = useTranslation('dashboards');
  const { devices } = useDashboardData();
  const ids = useMemo(() => chartedInstruments(series), [series]);
  const lists = useQueries({ queries: ids.map((id) => calibrationsQuery(id)) });
  const answered = lists.map((q) => q.dataUpdatedAt).join();
  return useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', month: 'short' });
    const title = (id: string) => devices.data?.find((d) => d.id === id)?.title ?? id;
    return calibrationMarkers(
      ids.map((id, i) => ({ instrument: { id, title: title(id) }, list: lists[i]?.data ?? [] })),
      (time, device) =>
        device
          ? t('chart.calibrationMarkerOf', { device, date: day.format(time) })
          : t('chart.calibrationMarker', { date: day.format(time) }),
    );
    // `answered` stands for the lists' answers.
  }, [answered, ids, devices.data, t, i18n.resolvedLanguage]);
}
