import { multipart, pngImage, uploadFile } from '../services/media/test-fixtures.ts';
import { firstObject } from './route-catalogue.ts';
import type { TestApp } from './test-app.ts';

/**
 * One of everything the demo seed leaves empty, in the caller's current project, made through the
 * API as a user would: readings (so metrics, events, alarms, notifications and rule executions), an
 * unknown payload, a journal with an entry, a data session with a manual reading, a cross section, a
 * thumbnail type and an uploaded image, an ingest key, an import profile and an import, a report template and a report. With it `realIds` finds an id for every documented route.
 */
export async function seedRouteFixtures(t: TestApp, token: string, projectId: string): Promise<void> {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await t.call(method, url, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const now = new Date().toISOString();

  const instruments = await call('GET', '/device-registry/api/v1/instruments?paginate_by=50');
  const instrument = instruments.objects.find((i: any) => i.scheme?.spec?.metrics?.raw_metrics?.length);
  if (!instrument) throw new Error('the seed holds no instrument with raw metrics');
  const metrics = (value: number) =>
    Object.fromEntries(instrument.scheme.spec.metrics.raw_metrics.map((m: { key: string }) => [m.key, value]));
  // A plausible reading, then one the scheme refuses (a data quality alarm), then a device nobody knows.
  await call('POST', '/ingest/api/v1/payloads', [
    { eid: instrument.eid, read_at: hourAgo, raw_metrics: metrics(1) },
    { eid: instrument.eid, read_at: now, raw_metrics: metrics(99_999) },
    { eid: 'FUZZ-UNKNOWN-01', read_at: now, raw_metrics: { pressure: 1 } },
  ]);
  await t.app.rulesEngine?.idle();

  const journal = await call('POST', '/inmt-journal/api/v1/journals', { title: 'Fixture journal' });
  await call('POST', '/inmt-journal/api/v1/journal-entries', {
    journal: journal.id,
    title: 'Fixture entry',
    occurred_at: hourAgo,
  });
  const session = await call('POST', '/inmt-journal/api/v1/data-sessions', { title: 'Fixture session' });
  await call('POST', '/ingest/api/v1/payloads', {
    eid: instrument.eid,
    read_at: new Date(Date.now() - 1_800_000).toISOString(),
    raw_metrics: metrics(2),
    source: 'manual',
    data_session: session.id,
  });

  await call('POST', `/ui/api/v1/projects/${projectId}/cross-sections`, { name: 'Fixture section' });
  const reportTemplate = await call('POST', `/ui/api/v1/projects/${projectId}/report-templates`, {
    name: 'Fixture report',
    period: 'month',
    sections: [{ kind: 'free_text', title: 'Notes', text: 'Fixture' }],
  });
  await call('POST', `/ui/api/v1/projects/${projectId}/reports`, {
    template_id: reportTemplate.id,
    from: hourAgo,
    to: now,
  });
  // On the first few: the walk's DELETE of an instrument may remove the first one (and its calibrations).
  for (const { id } of instruments.objects.slice(0, 3)) {
    await call('POST', `/device-registry/api/v1/instruments/${id}/calibrations`, {
      effective_from: '2020-01-01T00:00:00Z',
      factors: { G: 1 },
    });
  }

  await call('POST', '/auth/api/v1/api-keys', { name: 'Fixture key' });
  const metric = instrument.scheme.spec.metrics.raw_metrics[0].key as string;
  const profile = await call('POST', '/ingest/api/v1/import-profiles', {
    name: 'Fixture profile',
    format: 'csv',
    timestamp_column: 'time',
    columns: [{ column: 'value', eid: instrument.eid, metric }],
  });
  const form = multipart(
    { profile: profile.id },
    { name: 'fixture.csv', type: 'text/csv', bytes: Buffer.from(`time,value\n${hourAgo},1\n`) },
  );
  const imported = await t.app.inject({
    method: 'POST',
    url: '/ingest/api/v1/imports',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Token ${token}` },
  });
  if (imported.statusCode !== 202) throw new Error(`POST imports → ${imported.statusCode} ${imported.body}`);

  const thumbnails = await call('POST', '/media/api/v1/thumbnail-types', { name: 'Fixture thumbnails' });
  await uploadFile(t, token, 'fixture.png', 'image/png', await pngImage(32, 24), { thumbnail_type: thumbnails.id });

  // call-out (ADR 0050): a contact, a roster of the first member, a policy of the red level
  const callOut = '/notifications-async/api/v1';
  await call('POST', `${callOut}/contacts`, { kind: 'email', address: 'fixture@example.org' });
  const member = firstObject(await call('GET', '/auth/api/v1/users?paginate_by=1')) as { id: string };
  const roster = await call('POST', `${callOut}/rosters`, {
    name: 'Fixture roster',
    members: [member.id],
    shift_hours: 12,
    starts_at: hourAgo,
  });
  await call('POST', `${callOut}/escalation-policies`, {
    name: 'Fixture policy',
    tarp_level: 'red',
    steps: [{ after_minutes: 0, target: { roster_id: roster.id }, channels: ['email'] }],
  });

  for (const list of ['/rules-engine/api/v1/alarms', '/notifications-async/api/v1/notifications']) {
    if (!firstObject(await call('GET', list))) throw new Error(`the fixtures left ${list} empty`);
  }
}
