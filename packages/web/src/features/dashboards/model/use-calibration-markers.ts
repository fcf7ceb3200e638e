import { useQuery } from '@tanstack/react-query';
import type { ChartSeries } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartCalibrationsQuery } from '../../../api/calibrations.ts';
import { calibrationMarkers, chartedInstruments } from './calibration-markers.ts';
import { useDashboardData } from './use-dashboard-data.ts';

/**
 * The calibration changes of a chart's instruments as its marks, labelled in the interface language:
 * one call for all of them, however many the chart shows. `pending` while they have yet to come.
 */
export function useCalibrationMarkers(series: readonly ChartSeries[]) {
  const { t, i18n } = useTranslation('dashboards');
  const { devices } = useDashboardData();
  const ids = useMemo(() => chartedInstruments(series), [series]);
  const { data: calibrations, isPending } = useQuery(chartCalibrationsQuery(ids));
  const markers = useMemo(() => {
    const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', month: 'short' });
    const title = (id: string) => devices.data?.find((d) => d.id === id)?.title ?? id;
    return calibrationMarkers(
      ids.map((id) => ({
        instrument: { id, title: title(id) },
        list: (calibrations ?? []).filter((c) => c.monitored_entity_id === id),
      })),
      (time, device) =>
        device
          ? t('chart.calibrationMarkerOf', { device, date: day.format(time) })
          : t('chart.calibrationMarker', { date: day.format(time) }),
    );
  }, [calibrations, ids, devices.data, t, i18n.resolvedLanguage]);
  return { markers, pending: ids.length > 0 && isPending };
}
