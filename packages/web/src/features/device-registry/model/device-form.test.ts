import type { DeviceProfile } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { bodyOfForm, changedFields, deviceFormSchema, emptyDeviceForm, formOfDevice } from './device-form.ts';

const tip = { key: 'tip_elevation', label: 'Tip elevation', unit: 'm' };

describe('the device form', () => {
  it('sends the place as a GeoJSON point, longitude first', () => {
    const values = {
      ...emptyDeviceForm(),
      title: 'PZ 1',
      eid: 'PZ-1',
      schemeId: 's',
      latitude: '-33.5',
      longitude: '-70,25',
    };
    const body = bodyOfForm(values, { contextMetrics: [], instrument: true });
    expect(body.location).toEqual({ type: 'Point', coordinates: [-70.25, -33.5] });
    expect(body.interface_node).toBeNull();
  });

  it('sends only the context metrics the scheme declares, as numbers, and no node for other kinds', () => {
    const values = { ...emptyDeviceForm(), schemeId: 's', context: { tip_elevation: '101.5', old: '3' } };
    const body = bodyOfForm(values, { contextMetrics: [tip], instrument: false });
    expect(body.context).toEqual({ tip_elevation: 101.5 });
    expect(body).not.toHaveProperty('interface_node');
  });

  it('refuses a latitude of 91, a half place, a non-numeric SLA and a bad EID', () => {
    const base = { ...emptyDeviceForm(), title: 'PZ', eid: 'PZ-1', schemeId: 's', longitude: '10' };
    const paths = (values: object) =>
      deviceFormSchema.safeParse(values).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ ...base, latitude: '91' })).toEqual(['latitude']);
    expect(paths(base)).toEqual(['latitude']);
    expect(paths({ ...base, latitude: '1', sla: 'soon' })).toEqual(['sla']);
    expect(paths({ ...base, latitude: '1', eid: 'PZ 1' })).toEqual(['eid']);
    expect(paths({ ...base, latitude: '1' })).toEqual([]);
  });

  it('reads a stored device back into the form and patches only what changed', () => {
    const device = {
      title: 'PZ 1',
      eid: 'PZ-1',
      description: '',
      scheme: { id: 's' },
      interface_node: null,
      contracted_sla_time: 600,
      labels: ['north'],
      maintenance_mode: false,
      turned_off: false,
      decommissioned: false,
      context: { tip_elevation: 100 },
      attachments: [],
      location: { type: 'Point', coordinates: [-70.25, -33.5] },
    } as unknown as DeviceProfile;
    const values = formOfDevice(device);
    expect(values).toMatchObject({
      latitude: '-33.5',
      longitude: '-70.25',
      sla: '600',
      context: { tip_elevation: '100' },
    });
    const options = { contextMetrics: [tip], instrument: true };
    const before = bodyOfForm(values, options);
    expect(changedFields(before, bodyOfForm({ ...values, sla: '900' }, options))).toEqual({ contracted_sla_time: 900 });
  });
});
