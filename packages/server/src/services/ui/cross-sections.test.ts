import { crossSectionSchema, type CrossSection } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { seedDemoMedia } from '../../demo/seed-media.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let ouse: string;
let manager: string;
let operator: string;
let ouseOnly: string;
let pz01: { id: string; title: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoMedia(t.app);
  cerro = await demoIds(t).project(CERRO);
  ouse = await demoIds(t).project(OUSE);
  manager = await t.login('manager');
  operator = await t.login('operator');
  await addMember(t, 'ouse-only-cs', [{ projectId: ouse, roleIds: [(await demoIds(t).roles(ouse)).Administrator!] }]);
  ouseOnly = await t.login('ouse-only-cs', EXTRA_PASSWORD);
  pz01 = await t.db
    .selectFrom('monitored_entities')
    .select(['id', 'title'])
    .where('project_id', '=', cerro)
    .where('eid', '=', 'PZ-01')
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

const url = (projectId: string, cs = '') => `/ui/api/v1/projects/${projectId}/cross-sections/${cs ? `${cs}/` : ''}`;
const square = (x: number, y: number, size: number) => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];

async function create(body: object = {}): Promise<CrossSection> {
  const res = await t.call('POST', url(cerro), { token: manager, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return crossSectionSchema.parse(res.body);
}

describe('POST …/cross-sections/', () => {
  it('creates a section with the defaults of requirements#monitoring-entities: "Cross Section", distance 0 m, altitude 0 to 100 m', async () => {
    const section = await create();
    expect(section).toMatchObject({
      name: 'Cross Section',
      distance: 0,
      distance_unit: 'm',
      altitude_min: 0,
      altitude_max: 100,
      altitude_unit: 'm',
      sensors: [],
      labels: [],
      diagram: { type: 'FeatureCollection', features: [] },
      tracing_image: null,
      topo_image: null,
      created_by: 'manager',
    });
    const images = await create({ tracing_image: {}, topo_image: {} });
    expect(images.tracing_image).toMatchObject({ width: 4, height: 3, opacity: 1, file_id: null });
    expect(images.topo_image).toMatchObject({ opacity: 1 });
  });

  it('fills a sensor from its device and an image from its media file', async () => {
    const drawing = await t.db
      .selectFrom('media_files')
      .select('id')
      .where('project_id', '=', cerro)
      .where('original_filename', '=', 'cross-section-a-a.svg')
      .executeTakeFirstOrThrow();
    const section = await create({
      name: 'Section A-A',
      distance: 240,
      altitude_min: 380,
      altitude_max: 440,
      sensors: [{ id: 's1', device_id: pz01.id, metric_field: 'piezometric_level' }],
      diagram: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { category: 'Dam' },
            geometry: { type: 'Polygon', coordinates: square(0, 380, 50) },
          },
        ],
      },
      labels: [{ id: 'l1', text: 'Crest', x: 120, y: 430 }],
      tracing_image: { file_id: drawing.id, opacity: 0.5 },
    });
    expect(section.sensors[0]).toMatchObject({
      title: pz01.title,
      metric_type: 'calculated_metrics',
      exclude_metric: false,
      location: { lat: expect.any(Number), lng: expect.any(Number) },
    });
    expect(section.labels[0]).toMatchObject({ font_size: 11, color: '#000000', background: '#ffffff' });
    expect(section.tracing_image).toMatchObject({ url: `/media/api/v1/files/${drawing.id}/content`, opacity: 0.5 });
  });

  it('refuses bad input with the field named, and writers other than administrators and managers', async () => {
    const ouseFile = await t.db
      .selectFrom('media_files')
      .select('id')
      .where('project_id', '=', ouse)
      .executeTakeFirstOrThrow();
    const ouseDevice = await t.db
      .selectFrom('monitored_entities')
      .select('id')
      .where('project_id', '=', ouse)
      .executeTakeFirstOrThrow();
    const cases: Array<[object, string]> = [
      [{ colour: 'red' }, 'colour'],
      [{ altitude_min: 'low' }, 'altitude_min'],
      [{ distance: -5 }, 'distance'],
      [{ name: ' ' }, 'name'],
      [
        {
          diagram: {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: { category: 'Rock' },
                geometry: { type: 'Polygon', coordinates: square(0, 0, 1) },
              },
            ],
          },
        },
        'diagram.features.0.properties.category',
      ],
      [{ sensors: [{ id: 's', device_id: 'nope', metric_field: 'x' }] }, 'sensors.0.device_id'],
      [{ sensors: [{ id: 's', device_id: ouseDevice.id, metric_field: 'x' }] }, 'sensors.0.device_id'],
      [{ tracing_image: { file_id: ouseFile.id } }, 'tracing_image.file_id'],
      [{ x0_location: { lat: 95, lng: 0 } }, 'x0_location.lat'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', url(cerro), { token: manager, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.details), JSON.stringify(res.body)).toContain(field);
    }
    expect((await t.call('POST', url(cerro), { token: operator, body: {} })).status).toBe(403);
  });
});

describe('GET, PATCH and DELETE …/cross-sections/{cs}/', () => {
  it('are read by every member; PATCH changes only the fields sent and keeps who changed which, when', async () => {
    const section = await create({ name: 'Section B-B', distance: 100 });
    expect((await t.call('GET', url(cerro, section.id), { token: operator })).body.name).toBe('Section B-B');
    const listed = await t.call('GET', `${url(cerro)}?name=Section B-B`, { token: operator });
    expect(listed.body.objects.map((s: CrossSection) => s.id)).toEqual([section.id]);

    const res = await t.call('PATCH', url(cerro, section.id), {
      token: manager,
      body: { altitude_max: 460, distance: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Section B-B', distance: 100, altitude_max: 460, modified_by: 'manager' });
    expect((await t.call('PATCH', url(cerro, section.id), { token: operator, body: { name: 'x' } })).status).toBe(403);
    expect((await t.call('PATCH', url(cerro, section.id), { token: manager, body: {} })).status).toBe(400);
    const history = await t.call('GET', `${url(cerro, section.id)}history/`, { token: operator });
    expect(history.body.objects).toMatchObject([
      { action: 'created', user: 'manager' },
      { action: 'updated', user: 'manager', fields: ['altitude_max'] },
    ]);
  });

  it('are deleted by administrators and managers', async () => {
    const section = await create();
    expect((await t.call('DELETE', url(cerro, section.id), { token: operator })).status).toBe(403);
    expect((await t.call('DELETE', url(cerro, section.id), { token: manager })).status).toBe(204);
    expect((await t.call('GET', url(cerro, section.id), { token: manager })).status).toBe(404);
  });

  it("keep projects apart: another project's sections are 404, through either project", async () => {
    const section = await create();
    for (const [method, path] of [
      ['GET', url(cerro)],
      ['GET', url(cerro, section.id)],
      ['PATCH', url(cerro, section.id)],
      ['DELETE', url(cerro, section.id)],
      ['GET', `${url(cerro, section.id)}history/`],
    ] as const) {
      const res = await t.call(method, path, { token: ouseOnly, body: method === 'PATCH' ? { name: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.call('GET', url(ouse, section.id), { token: manager })).status).toBe(404);
    expect((await t.call('GET', url(cerro))).status).toBe(401);
  });
});
