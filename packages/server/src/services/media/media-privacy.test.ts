import type { MediaFile } from '@vigil/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { tokenFor } from '../ingest/test-fixtures.ts';
import { addMember, CERRO, demoIds, OUSE } from '../ui/test-fixtures.ts';
import { mediaContext } from './media-context.ts';
import { content, createRecord, grantEveryone, MEDIA, pngImage, uploadFile } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let operator: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  await grantEveryone(t, cerro);
  operator = await tokenFor(t, 'operator', cerro);
  png = await pngImage(64, 48);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const unique = (stem: string) => `${stem}-${Math.random().toString(36).slice(2, 8)}.png`;
const barePath = (id: string) => `${MEDIA}/files/${id}/content`;
const SIGNED = /^\/media\/api\/v1\/files\/([\w-]+)\/content\?expires=(\d+)&signature=([0-9a-f]{64})$/;
const HOUR = 3600;

/** Moves the clock (Date only: timers and the database run as usual) to `seconds` past the epoch. */
function clockAt(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(seconds * 1000);
}

describe('files are private unless their creator says otherwise', () => {
  it('stores is_public: false unless POST files/ says is_public: true, keeping the other attrs', async () => {
    expect((await createRecord(t, operator, unique('plain'), 'image/png')).attrs).toEqual({ is_public: false });
    const drawn = await createRecord(t, operator, unique('drawn'), 'image/png', { attrs: { drawType: 'plan' } });
    expect(drawn.attrs).toEqual({ drawType: 'plan', is_public: false });
    const shared = await createRecord(t, operator, unique('shared'), 'image/png', { attrs: { is_public: true } });
    expect(shared.attrs).toEqual({ is_public: true });
  });

  it('serves a private file at its bare path only to members of its project, with their session', async () => {
    await addMember(t, 'ouse-only-viewer', [
      {
        projectId: await demoIds(t).project(OUSE),
        roleIds: [(await demoIds(t).roles(await demoIds(t).project(OUSE))).Operator!],
      },
    ]);
    const file = await uploadFile(t, operator, unique('private'), 'image/png', png);
    expect((await content(t, barePath(file.id))).status).toBe(404);
    expect((await content(t, barePath(file.thumbnails[0]!.file.id))).status).toBe(404);
    const outsider = await t.login('ouse-only-viewer', 'fixture-pass-1');
    expect((await content(t, barePath(file.id), outsider)).status).toBe(404);
    const member = await content(t, barePath(file.id), operator);
    expect(member.status).toBe(200);
    expect(member.bytes.equals(png)).toBe(true);
    expect(member.headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('signed URLs of private files', () => {
  it('are the public_url of a file and of each thumbnail, the same all hour, expiring a whole hour later', async () => {
    const hourStart = Math.floor(Date.now() / 1000 / HOUR) * HOUR;
    clockAt(hourStart + 600);
    const file = await uploadFile(t, operator, unique('signed'), 'image/png', png);
    const [, id, expires] = SIGNED.exec(file.public_url!) ?? [];
    expect(id).toBe(file.id);
    expect(Number(expires)).toBe(hourStart + 2 * HOUR);
    for (const thumbnail of file.thumbnails) {
      expect(SIGNED.exec(thumbnail.file.public_url!)?.[1]).toBe(thumbnail.file.id);
    }
    clockAt(hourStart + HOUR - 1);
    const later = (await t.call('GET', `${MEDIA}/files/${file.id}/`, { token: operator })).body as MediaFile;
    expect(later.public_url).toBe(file.public_url);
    const listed = await t.call('GET', `${MEDIA}/files/?id=${file.id}`, { token: operator });
    expect(listed.body.objects[0].public_url).toBe(file.public_url);
  });

  it('let anyone holding one read the file until it expires, and nothing else', async () => {
    const file = await uploadFile(t, operator, unique('shared-link'), 'image/png', png);
    const other = await uploadFile(t, operator, unique('other'), 'image/png', png);
    const served = await content(t, file.public_url!);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(png)).toBe(true);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect((await content(t, file.thumbnails[0]!.file.public_url!)).status).toBe(200);

    const [, , expires, signature] = SIGNED.exec(file.public_url!)!;
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('0') ? '1' : '0');
    const forged = [
      `${barePath(file.id)}?expires=${expires}&signature=${flipped}`,
      `${barePath(file.id)}?expires=${Number(expires) + HOUR}&signature=${signature}`,
      `${barePath(other.id)}?expires=${expires}&signature=${signature}`,
      `${barePath(file.id)}?expires=${expires}`,
      `${barePath(file.id)}?expires=soon&signature=${signature}`,
      `${barePath(file.id)}?signature=${signature}`,
    ];
    for (const path of forged) expect((await content(t, path)).status, path).toBe(404);

    clockAt(Number(expires) + 1);
    expect((await content(t, file.public_url!)).status).toBe(404);
  });

  it('are signed with a secret kept in the database, so that every server on it signs and checks alike', async () => {
    const file = await uploadFile(t, operator, unique('instances'), 'image/png', png);
    // Another server on the same database: media parts of its own, nothing shared in memory.
    const elsewhere = mediaContext(t.app);
    expect((await elsewhere.files.get(cerro, file.id)).public_url).toBe(file.public_url);
    const row = await t.db.selectFrom('media_signing_keys').selectAll().execute();
    expect(row).toHaveLength(1);

    // The first use on a new database: servers starting together agree on one secret.
    await t.db.deleteFrom('media_signing_keys').execute();
    const [a, b] = await Promise.all([
      mediaContext(t.app).files.get(cerro, file.id),
      mediaContext(t.app).files.get(cerro, file.id),
    ]);
    expect(a.public_url).toBe(b.public_url);
    expect(await t.db.selectFrom('media_signing_keys').selectAll().execute()).toHaveLength(1);
  });
});

describe('files someone made public', () => {
  it('have their bare path as public_url and are served to anyone, cached for a day', async () => {
    const file = await uploadFile(t, operator, unique('public'), 'image/png', png, { attrs: { is_public: true } });
    expect(file.public_url).toBe(barePath(file.id));
    expect(file.thumbnails.map((th) => th.file.public_url)).toEqual(file.thumbnails.map((th) => barePath(th.file.id)));
    const served = await content(t, file.public_url!);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect((await content(t, file.thumbnails[0]!.file.public_url!)).headers['cache-control']).toBe(
      'public, max-age=86400',
    );
  });

  it('stay as they are when a PATCH of attrs leaves is_public out; thumbnails follow their file both ways', async () => {
    const file = await uploadFile(t, operator, unique('toggled'), 'image/png', png);
    const thumbnail = barePath(file.thumbnails[0]!.file.id);
    const patch = (attrs: object) =>
      t.call('PATCH', `${MEDIA}/files/${file.id}/`, { token: operator, body: { attrs } });

    expect((await patch({ drawType: 'plan' })).body.attrs).toEqual({ drawType: 'plan', is_public: false });
    expect((await content(t, barePath(file.id))).status).toBe(404);

    const opened = (await patch({ is_public: true })).body as MediaFile;
    expect(opened.public_url).toBe(barePath(file.id));
    expect((await content(t, thumbnail)).status).toBe(200);
    expect((await patch({ drawType: 'section' })).body.attrs).toEqual({ drawType: 'section', is_public: true });

    const closed = (await patch({ is_public: false })).body as MediaFile;
    expect(closed.public_url).toMatch(SIGNED);
    expect((await content(t, barePath(file.id))).status).toBe(404);
    expect((await content(t, thumbnail)).status).toBe(404);
  });
});
