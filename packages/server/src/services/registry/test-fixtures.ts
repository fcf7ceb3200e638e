import type { TestApp } from '../../test-support/test-app.ts';

export const API = '/device-registry/api/v1';
export type Slug = 'cerro-azul' | 'ouse-embankment';

/** Ids of the demo site's projects and devices, read from the test database. */
export function registryIds(t: TestApp) {
  const project = async (slug: Slug) =>
    (await t.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  return {
    project,
    async entity(slug: Slug, eid: string) {
      const row = await t.db
        .selectFrom('monitored_entities')
        .select('id')
        .where('project_id', '=', await project(slug))
        .where('eid', '=', eid)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async scheme(slug: Slug, name: string) {
      const row = await t.db
        .selectFrom('schemes')
        .select('id')
        .where('project_id', '=', await project(slug))
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Points the session at another project, as the project switcher does. */
    async switchTo(token: string, slug: Slug) {
      const res = await t.call('POST', '/auth/api/v1/users/switch-data-context', {
        token,
        body: { data_context: await project(slug) },
      });
      if (res.status !== 200) throw new Error(`switch to ${slug} failed: ${JSON.stringify(res.body)}`);
    },
  };
}

/**
 * A scheme of piezometers that send their pore pressure in kPa, in the current project, through the
 * API: the demo's send a vibrating wire's digits, and some tests are about what becomes of a pressure.
 */
export async function createPressureScheme(t: TestApp, token: string, name = 'Pressure piezometer') {
  const res = await t.call('POST', `${API}/schemes`, {
    token,
    body: {
      name,
      type: 'phreatic_surface',
      spec: {
        metrics: {
          raw_metrics: [
            { key: 'pressure', label: 'Pore water pressure', unit: 'kPa', decimals: 2 },
            { key: 'temperature', label: 'Temperature', unit: '°C', decimals: 1 },
          ],
          calculated_metrics: [
            {
              key: 'piezometric_level',
              label: 'Piezometric level',
              unit: 'm',
              decimals: 2,
              formula: 'tip_elevation + pressure / 9.8068',
            },
          ],
          context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm', decimals: 2 }],
          user_metrics: [],
        },
        metric_limits: [],
      },
    },
  });
  if (res.status !== 201) throw new Error(`scheme ${name}: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A valid new piezometer body for the given scheme, with anything overridden. */
export function piezometerBody(scheme: string, overrides: Record<string, unknown> = {}) {
  return {
    eid: 'PZ-99',
    title: 'PZ-99 Spillway abutment',
    description: 'Test piezometer',
    scheme,
    location: { type: 'Point', coordinates: [-70.331, -27.366] },
    context: { tip_elevation: 1140 },
    metric_limits: [
      { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 1170 },
    ],
    rules: {
      safety_state_rules: [{ rule: 'piezometric_level > 1170', rule_description: 'Critical level' }],
    },
    contracted_sla_time: 3600,
    ...overrides,
  };
}

/** `POST register/import` with a multipart form: the file, then dry_run when given. */
export async function importRegister(
  t: TestApp,
  token: string,
  file: Buffer | string,
  options: { filename?: string; dryRun?: boolean } = {},
) {
  const boundary = `----vigil-register-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename ?? 'register.csv'}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from('\r\n'),
  ];
  if (options.dryRun !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dry_run"\r\n\r\n${options.dryRun}\r\n`),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/register/import`,
    headers: { authorization: `Token ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  return { status: response.statusCode, body: JSON.parse(response.body), headers: response.headers };
}

/** A CSV register from rows of cells, quoted where a cell holds the delimiter. */
export const csv = (rows: Array<Array<string | number>>, delimiter = ',') =>
  rows
    .map((row) =>
      row
        .map((cell) => (String(cell).includes(delimiter) ? `"${String(cell).replaceAll('"', '""')}"` : cell))
        .join(delimiter),
    )
    .join('\n') + '\n';
