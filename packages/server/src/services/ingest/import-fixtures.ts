import { newId, nowIso, toJson } from '../../db/values.ts';
import { multipart } from '../media/test-fixtures.ts';
import { instrumentRow } from '../../test-support/entity-rows.ts';
import type { TestApp } from '../../test-support/test-app.ts';

export const PROFILES = '/ingest/api/v1/import-profiles';
export const IMPORTS = '/ingest/api/v1/imports';

/** A node of an in-place inclinometer chain, as a Campbell logger reads it: tilt, deflection, temperature. */
export const IPI_NODE_SPEC = {
  metrics: {
    raw_metrics: [
      { key: 'tilt_a', label: 'A-axis tilt', unit: '°' },
      { key: 'a_axis', label: 'A-axis cumulative displacement', unit: 'mm' },
      { key: 'temperature', label: 'Temperature', unit: '°C' },
    ],
    calculated_metrics: [],
    context_metrics: [],
    user_metrics: [],
  },
  metric_limits: [],
  invalid_bounds: [{ group: 'raw_metrics', metric: 'a_axis', bound: 'upper', value: 250 }],
};

/** An in-place inclinometer chain `eid` of `nodes` data points `<eid>-N01`… in the project. */
export async function createChain(t: TestApp, projectId: string, eid: string, nodes: number) {
  const now = nowIso();
  const schemeId = newId();
  await t.db
    .insertInto('schemes')
    .values({
      id: schemeId,
      project_id: projectId,
      name: `IPI node ${schemeId.slice(0, 8)}`,
      type: 'displacement',
      spec: toJson(IPI_NODE_SPEC),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const id = newId();
  await t.db
    .insertInto('monitored_entities')
    .values(instrumentRow({ id, project_id: projectId, eid, title: `Chain ${eid}`, scheme_id: schemeId }))
    .execute();
  const points: Record<string, string> = {};
  for (let n = 1; n <= nodes; n++) {
    const identifier = `${eid}-N${String(n).padStart(2, '0')}`;
    points[identifier] = newId();
    await t.db
      .insertInto('data_points')
      .values({
        id: points[identifier],
        project_id: projectId,
        entity_id: id,
        title: `${eid} node ${n}`,
        identifier,
        created_at: now,
      })
      .execute();
  }
  return { id, schemeId, points };
}

/** Campbell Scientific's TOA5 (four header lines, then quoted timestamps, RECORD numbers and values). */
export function toa5(
  fields: Array<{ name: string; unit: string; process: string }>,
  rows: Array<{ at: string; record: number; values: Array<string | number> }>,
  environment = ['TOA5', 'CR6_IPI', 'CR6', '12345', 'CR6.Std.12.01', 'CPU:IPI_Chain.CR6', '34567', 'Table1'],
) {
  const quote = (list: Array<string | number>) => list.map((v) => `"${v}"`).join(',');
  const head = [
    quote(environment),
    quote(['TIMESTAMP', 'RECORD', ...fields.map((f) => f.name)]),
    quote(['TS', 'RN', ...fields.map((f) => f.unit)]),
    quote(['', '', ...fields.map((f) => f.process)]),
  ];
  const body = rows.map((r) =>
    [`"${r.at}"`, r.record, ...r.values.map((v) => (typeof v === 'string' ? `"${v}"` : v))].join(','),
  );
  return `${[...head, ...body].join('\r\n')}\r\n`;
}

/** `POST imports` with a session token or an ingest key. */
export async function sendFile(
  t: TestApp,
  auth: { token?: string; key?: string },
  profile: string,
  name: string,
  text: string | Buffer,
) {
  const form = multipart({ profile }, { name, type: 'text/plain', bytes: Buffer.from(text) });
  const authorization = auth.key ? `ApiKey ${auth.key}` : `Token ${auth.token}`;
  const res = await t.app.inject({
    method: 'POST',
    url: IMPORTS,
    payload: form.payload,
    headers: { ...form.headers, authorization },
  });
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
}

/** The import once it is done or failed. */
export async function finished(t: TestApp, token: string, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call('GET', `${IMPORTS}/${id}`, { token });
    if (res.status !== 200) throw new Error(`GET import answered ${res.status}`);
    if (res.body.status === 'done' || res.body.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`import ${id} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends a file and waits for its import to end. */
export async function importFile(t: TestApp, token: string, profile: string, name: string, text: string | Buffer) {
  const sent = await sendFile(t, { token }, profile, name, text);
  if (sent.status !== 202) throw new Error(`POST imports answered ${sent.status} ${JSON.stringify(sent.body)}`);
  return finished(t, token, sent.body.id);
}
