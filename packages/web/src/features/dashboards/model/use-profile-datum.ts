import type { DashboardEntityRef } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { datumsQuery } from '../api/inclinometer-datums-api.ts';
import { datumDay } from './inclinometer-data.ts';
import { datumInUse } from './profile-datum.ts';

/**
 * The datum of a profile card: the device's datum in effect (an instrument's, ADR 0041), unless a
 * day is chosen on the card for this view; `at` is undefined until the device's datums are known.
 */
export function useProfileDatum(entity: DashboardEntityRef, cardDatum: string | null) {
  const stored = entity.entity_type === 'instrument';
  const datums = useQuery({ ...datumsQuery(entity.id), enabled: stored });
  const inEffect = datums.data?.[0] ?? null;
  const [viewDay, setViewDay] = useState<string | null>(null);
  const datum = datumInUse(inEffect, cardDatum, viewDay);
  const known = !stored || datums.isSuccess;
  return {
    ...datum,
    at: known ? datum.at : undefined,
    /** every datum the device had, the one in effect first */
    datums: datums.data ?? [],
    inEffect,
    stored,
    error: datums.isError,
    refetch: () => void datums.refetch(),
    /** a day for this view only; the device's own day follows the device again */
    choose: (day: string) => setViewDay(inEffect && day === datumDay(inEffect.datum_at) ? null : day),
    /** back to the device's datum, e.g. once a new one is set */
    follow: () => setViewDay(null),
  };
}
