import { describe, expect, it } from 'vitest';
import { bodyOfKeyForm, emptyKeyForm, keyFormSchema } from './key-form.ts';

const problems = (values: object) =>
  keyFormSchema.safeParse({ ...emptyKeyForm(), ...values }).error?.issues.map((i) => [i.path.join('.'), i.message]) ??
  [];

describe('a new ingest key’s form', () => {
  it('sends no device for a key of the whole project, whatever was picked before', () => {
    expect(bodyOfKeyForm({ name: ' Gateway 1 ', scope: 'all', deviceIds: ['a'], expires: '' })).toEqual({
      name: 'Gateway 1',
      monitored_entity_ids: [],
      expires_at: null,
    });
  });

  it('sends the devices picked, and the expiry as a UTC time', () => {
    const body = bodyOfKeyForm({ name: 'CR6', scope: 'devices', deviceIds: ['a', 'b'], expires: '2030-01-02T03:04' });
    expect(body.monitored_entity_ids).toEqual(['a', 'b']);
    expect(body.expires_at).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
  });

  it('refuses a key without a name, one limited to no device, and an expiry already past', () => {
    expect(problems({ name: 'ok' })).toEqual([]);
    expect(problems({ name: ' ' })).toEqual([['name', 'required']]);
    expect(problems({ name: 'ok', scope: 'devices' })).toEqual([['deviceIds', 'noDevice']]);
    expect(problems({ name: 'ok', expires: '2001-01-01T00:00' })).toEqual([['expires', 'past']]);
  });
});
