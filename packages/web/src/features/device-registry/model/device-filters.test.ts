import { describe, expect, it } from 'vitest';
import type { RegisterRow } from '../api/devices-api.ts';
import { filterRows, NO_FILTERS, nextSorting, sortRows, statusOf } from './device-filters.ts';

const row = (id: string, title: string, eid: string, more: Partial<RegisterRow> = {}): RegisterRow => ({
  id,
  title,
  eid,
  monitored_entity_type: 'instrument',
  safety_state: 'green',
  operational_state: 'green',
  connectivity_state: 'green',
  maintenance_mode: false,
  turned_off: false,
  decommissioned: false,
  labels: [],
  contracted_sla_time: 3600,
  location: null,
  latest_payload_read_at: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  scheme: { id: 's1', name: 'Piezometer' },
  interface_node: null,
  ...more,
});

const rows = [
  row('1', 'Piezómetro Norte', 'PZ-10'),
  row('2', 'Piezometer south', 'PZ-2', { safety_state: 'red', maintenance_mode: true }),
  row('3', 'Rain gauge', 'RG-1', { scheme: { id: 's2', name: 'Rain' }, decommissioned: true, turned_off: true }),
];

describe('the devices table', () => {
  it('finds a device by any part of its title or EID, case and accents aside', () => {
    expect(filterRows(rows, { ...NO_FILTERS, search: 'piezometro' }, null).map((r) => r.id)).toEqual(['1']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'pz-' }, null).map((r) => r.id)).toEqual(['1', '2']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'rg-1' }, null).map((r) => r.id)).toEqual(['3']);
  });

  it('keeps the devices of a group, a scheme, a state and a status', () => {
    expect(filterRows(rows, NO_FILTERS, new Set(['2', '3'])).map((r) => r.id)).toEqual(['2', '3']);
    expect(filterRows(rows, { ...NO_FILTERS, schemeId: 's2' }, null).map((r) => r.id)).toEqual(['3']);
    expect(filterRows(rows, { ...NO_FILTERS, state: 'red' }, null).map((r) => r.id)).toEqual(['2']);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'maintenance' }, null).map((r) => r.id)).toEqual(['2']);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'active' }, null).map((r) => r.id)).toEqual(['1']);
  });

  it('says decommissioned before turned off before maintenance', () => {
    expect(rows.map(statusOf)).toEqual(['active', 'maintenance', 'decommissioned']);
  });

  it('sorts EIDs in numeric order and states most urgent first', () => {
    expect(sortRows(rows, { column: 'eid', direction: 'asc' }, 'en').map((r) => r.eid)).toEqual([
      'PZ-2',
      'PZ-10',
      'RG-1',
    ]);
    expect(sortRows(rows, { column: 'state', direction: 'asc' }, 'en')[0]!.id).toBe('2');
    expect(sortRows(rows, { column: 'title', direction: 'desc' }, 'en')[0]!.id).toBe('3');
  });

  it('turns a column round on a second click', () => {
    expect(nextSorting({ column: 'title', direction: 'asc' }, 'title')).toEqual({ column: 'title', direction: 'desc' });
    expect(nextSorting({ column: 'title', direction: 'desc' }, 'eid')).toEqual({ column: 'eid', direction: 'asc' });
  });
});
