import { siteMapSchema } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileImageSources } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { saveSiteImage } from './site-map-store.ts';
import { addMember, CERRO, demoIds, EXTRA_PASSWORD, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let ouse: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  ouse = await demoIds(t).project(OUSE);
  await addMember(t, 'ouse-only-map', [{ projectId: ouse, roleIds: [(await demoIds(t).roles(ouse)).Operator!] }]);
});
afterAll(() => t.close());

const mapUrl = (projectId: string) => `/ui/api/v1/projects/${projectId}/site-map`;
const imageUrl = (projectId: string) => `/ui/api/v1/projects/${projectId}/site-map/image`;

async function locatedDevices(projectId: string) {
  return t.db
    .selectFrom('monitored_entities')
    .select(['eid', 'longitude', 'latitude'])
    .where('project_id', '=', projectId)
    .where('longitude', 'is not', null)
    .execute();
}

describe('GET /ui/api/v1/projects/{id}/site-map', () => {
  it("answers the demo project's site image over bounds holding every located device, and no tile layer by default", async () => {
    const res = await t.call('GET', mapUrl(cerro), { token: await t.login('operator') });
    expect(res.status).toBe(200);
    const siteMap = siteMapSchema.parse(res.body);
    expect(siteMap.tile_layer).toBeNull();
    expect(siteMap.image?.url).toBe(`/ui/api/v1/projects/${cerro}/site-map/image`);
    expect(new Date(siteMap.image!.updated_at).toISOString()).toBe(siteMap.image!.updated_at);
    const { west, south, east, north } = siteMap.image!.bounds;
    const devices = await locatedDevices(cerro);
    expect(devices.length).toBeGreaterThan(30);
    for (const d of devices) {
      expect(d.longitude!, d.eid).toBeGreaterThan(west);
      expect(d.longitude!, d.eid).toBeLessThan(east);
      expect(d.latitude!, d.eid).toBeGreaterThan(south);
      expect(d.latitude!, d.eid).toBeLessThan(north);
    }
    // In the Atacama, longitude then latitude: not swapped, not at 0,0.
    expect(west).toBeCloseTo(-70.34, 1);
    expect(south).toBeCloseTo(-27.37, 1);
  });

  it('is refused without a session and is 404 for a project the caller is not a member of', async () => {
    expect((await t.call('GET', mapUrl(cerro))).status).toBe(401);
    const token = await t.login('ouse-only-map', EXTRA_PASSWORD);
    expect((await t.call('GET', mapUrl(ouse), { token })).status).toBe(200);
    for (const url of [mapUrl(cerro), imageUrl(cerro)]) {
      const res = await t.call('GET', url, { token });
      expect(res.status, url).toBe(404);
      expect(res.body.error_type).toBe('NotFound');
    }
  });
});

describe('GET /ui/api/v1/projects/{id}/site-map/image', () => {
  it('answers the drawing as SVG, cached privately for 5 minutes', async () => {
    const res = await t.call('GET', imageUrl(cerro), { token: await t.login('manager') });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('Tailings embankment');
    expect(res.body).toContain('Decant pond');
    const ouseImage = await t.call('GET', imageUrl(ouse), { token: await t.login('manager') });
    expect(ouseImage.body).toContain('River Ouse');
    expect((await t.call('GET', imageUrl(cerro))).status).toBe(401);
  });

  it('serves the bytes an upload stores, exactly, with their type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x00, 0x7f, 0x80]);
    const bounds = { west: -1.1, south: 53.89, east: -1.08, north: 53.92 };
    await saveSiteImage(t.db, ouse, { mimeType: 'image/png', content: png, bounds });
    const token = await t.login('operator');
    const res = await t.app.inject({
      method: 'GET',
      url: imageUrl(ouse),
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect((await t.call('GET', mapUrl(ouse), { token })).body.image.bounds).toEqual(bounds);
  });

  it('is 404 NotFound when the project has no image, whose site map then has none', async () => {
    await t.db.deleteFrom('site_images').where('project_id', '=', ouse).execute();
    const token = await t.login('operator');
    const image = await t.call('GET', imageUrl(ouse), { token });
    expect(image.status).toBe(404);
    expect(image.body).toMatchObject({ error_type: 'NotFound', message: expect.any(String) });
    const siteMap = await t.call('GET', mapUrl(ouse), { token });
    expect(siteMap.status).toBe(200);
    expect(siteMap.body).toEqual({ image: null, tile_layer: null });
  });
});

describe('a configured tile layer', () => {
  let tiled: TestApp;
  beforeAll(async () => {
    tiled = await createTestApp({
      env: {
        MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example Survey',
        MAP_TILE_MAX_ZOOM: '17',
      },
    });
  });
  afterAll(() => tiled?.close());

  it('is answered with its attribution and maximum zoom', async () => {
    const projectId = await demoIds(tiled).project(CERRO);
    const res = await tiled.call('GET', mapUrl(projectId), { token: await tiled.login('operator') });
    expect(res.status).toBe(200);
    expect(res.body.tile_layer).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: '© Example Survey',
      max_zoom: 17,
    });
    expect(res.body.image).not.toBeNull();
  });
});

describe('PATCH /ui/api/v1/projects/{id}/site-map: a project of its own tile layer', () => {
  let tiled: TestApp;
  let projectId: string;
  beforeAll(async () => {
    tiled = await createTestApp({
      env: { MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example Survey' },
    });
    projectId = await demoIds(tiled).project(CERRO);
  });
  afterAll(() => tiled?.close());
  const own = { url: 'https://orthophoto.mine.example/cerro/{z}/{x}/{y}.jpg', attribution: '© Cerro Azul survey 2026' };

  it("takes an administrator's layer over the server's, zoom 19 unless given, for every member; null falls back", async () => {
    const admin = await tiled.login('admin');
    const set = await tiled.call('PATCH', mapUrl(projectId), { token: admin, body: { tile_layer: own } });
    expect(set.status).toBe(200);
    expect(set.body.tile_layer).toEqual({ ...own, max_zoom: 19 });
    const seen = await tiled.call('GET', mapUrl(projectId), { token: await tiled.login('operator') });
    expect(seen.body.tile_layer).toEqual({ ...own, max_zoom: 19 });
    expect(seen.body.image).not.toBeNull();
    // Another project keeps the server's layer.
    const other = await demoIds(tiled).project(OUSE);
    expect((await tiled.call('GET', mapUrl(other), { token: admin })).body.tile_layer.url).toBe(
      'https://tiles.example.com/{z}/{x}/{y}.png',
    );
    const cleared = await tiled.call('PATCH', mapUrl(projectId), { token: admin, body: { tile_layer: null } });
    expect(cleared.body.tile_layer.attribution).toBe('© Example Survey');
  });

  it("leaves the project's other attributes as they were", async () => {
    const before = await tiled.db.selectFrom('projects').select('attrs').where('id', '=', projectId).executeTakeFirst();
    const admin = await tiled.login('admin');
    await tiled.call('PATCH', mapUrl(projectId), { token: admin, body: { tile_layer: own } });
    await tiled.call('PATCH', mapUrl(projectId), { token: admin, body: { tile_layer: null } });
    const after = await tiled.db.selectFrom('projects').select('attrs').where('id', '=', projectId).executeTakeFirst();
    expect(JSON.parse(String(after!.attrs))).toEqual(JSON.parse(String(before!.attrs)));
  });

  it('is for administrators only (403 for managers and operators, 401 without a session)', async () => {
    for (const user of ['manager', 'operator']) {
      const res = await tiled.call('PATCH', mapUrl(projectId), {
        token: await tiled.login(user),
        body: { tile_layer: own },
      });
      expect(res.status, user).toBe(403);
      expect(res.body.error_type).toBe('Forbidden');
    }
    expect((await tiled.call('PATCH', mapUrl(projectId), { body: { tile_layer: own } })).status).toBe(401);
  });

  it('refuses a plain-HTTP URL, one without {z}/{x}/{y}, a missing attribution and a zoom beyond 21', async () => {
    const admin = await tiled.login('admin');
    const bad = [
      { ...own, url: 'http://tiles.lan/{z}/{x}/{y}.png' },
      { ...own, url: 'https://tiles.example.com/{z}/{x}.png' },
      { url: own.url, attribution: '  ' },
      { ...own, max_zoom: 22 },
    ];
    for (const tile_layer of bad) {
      const res = await tiled.call('PATCH', mapUrl(projectId), { token: admin, body: { tile_layer } });
      expect(res.status, JSON.stringify(tile_layer)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
    expect((await tiled.call('GET', mapUrl(projectId), { token: admin })).body.tile_layer.attribution).toBe(
      '© Example Survey',
    );
  });
});

describe('MAP_TILE_* configuration', () => {
  it('has no tile layer unless MAP_TILE_URL is set', () => {
    expect(loadConfig({}).tileLayer).toBeNull();
    expect(loadConfig({ MAP_TILE_ATTRIBUTION: 'x', MAP_TILE_MAX_ZOOM: '12' }).tileLayer).toBeNull();
  });

  it("gives OpenStreetMap's tiles their attribution and zoom 19 by default", () => {
    expect(loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).tileLayer).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
  });

  it('requires an attribution for any other tile server', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'http://tiles.lan/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_ATTRIBUTION: is required/,
    );
    // A look-alike host is not OpenStreetMap.
    expect(() => loadConfig({ MAP_TILE_URL: 'https://openstreetmap.org.evil.example/{z}/{x}/{y}.png' })).toThrow(
      ConfigError,
    );
  });

  it('lets pages load the images of a plain-HTTP tile server, which https: does not cover', () => {
    const lan = loadConfig({
      MAP_TILE_URL: 'http://{s}.tiles.lan:8081/osm/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'x',
    });
    expect(tileImageSources(lan.tileLayer)).toEqual(['http://*.tiles.lan:8081']);
    expect(
      tileImageSources(loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).tileLayer),
    ).toEqual([]);
    expect(tileImageSources(null)).toEqual([]);
  });

  it('refuses a URL without {z}, {x} and {y}, and a zoom out of range', () => {
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() =>
      loadConfig({ MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_MAX_ZOOM: '30' }),
    ).toThrow(/MAP_TILE_MAX_ZOOM/);
  });
});
