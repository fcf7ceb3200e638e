import { datumDay, datumTime } from './inclinometer-data.ts';

/**
 * Where the datum of a profile comes from: the device's datum in effect (ADR 0041), the card's own
 * date (before the device had one), a day chosen on the card for this view only, or none.
 */
export type DatumSource = 'device' | 'card' | 'view' | 'none';

export interface DatumInUse {
  /** the readings at or before this time are the datum; null: displacement as reported */
  at: Date | null;
  /** the day the card's date field shows (YYYY-MM-DD, local), '' for none */
  day: string;
  source: DatumSource;
}

/**
 * The datum a profile is read against: a day chosen for this view (`viewDay`, '' for none) wins;
 * else the device's datum in effect, the exact reading set; else the card's date, as before datums
 * were stored.
 */
export function datumInUse(
  inEffect: { datum_at: string } | null,
  cardDatum: string | null,
  viewDay: string | null,
): DatumInUse {
  if (viewDay !== null) return { at: datumTime(viewDay), day: viewDay, source: 'view' };
  if (inEffect) return { at: new Date(inEffect.datum_at), day: datumDay(inEffect.datum_at), source: 'device' };
  const day = datumDay(cardDatum);
  const at = datumTime(day);
  return { at, day, source: at ? 'card' : 'none' };
}
