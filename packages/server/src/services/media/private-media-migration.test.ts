import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrator } from '../../db/migrate.ts';
import { fromJson, newId, nowIso } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds } from '../ui/test-fixtures.ts';

let t: TestApp;
let cerro: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
});
afterAll(() => t.close());

/** A processed file (or thumbnail of `parent`) as stored before migration 0015, with attrs as given. */
async function storedFile(attrs: object, parent: string | null = null) {
  const id = newId();
  const now = nowIso();
  await t.db
    .insertInto('media_files')
    .values({
      id,
      project_id: cerro,
      parent_id: parent,
      thumbnail_name: parent ? 'small' : null,
      original_filename: `${id}.png`,
      label: id,
      mime_type: 'image/png',
      size: 10,
      width: 1,
      height: 1,
      tags: '[]',
      attrs: JSON.stringify(attrs),
      description: '',
      thumbnail_type_id: null,
      storage_key: `${cerro}/${id}`,
      is_uploaded: 1,
      processed_at: now,
      upload_ticket_hash: null,
      upload_expires_at: null,
      created_by: 'operator',
      created_at: now,
      modified_by: 'operator',
      modified_at: now,
    })
    .execute();
  return id;
}

const attrsOf = async (id: string) =>
  fromJson(
    (await t.db.selectFrom('media_files').select('attrs').where('id', '=', id).executeTakeFirstOrThrow()).attrs,
    {},
  );

describe('migration 0015-private-media', () => {
  it('makes every file without is_public private; thumbnails take their file’s; the rest of attrs is kept', async () => {
    const step = await (await migrator(t.db)).migrateTo('0014-notification-recipients');
    expect(step.results?.map((r) => [r.migrationName, r.status])).toContainEqual(['0015-private-media', 'Success']);

    const plain = await storedFile({});
    const drawn = await storedFile({ fileSrc: 'plan.png', drawType: 'plan' });
    const shared = await storedFile({ is_public: true });
    const closed = await storedFile({ is_public: false });
    const plainThumbnail = await storedFile({}, plain);
    const sharedThumbnail = await storedFile({}, shared);

    await migrateToLatest(t.db);

    expect(await attrsOf(plain)).toEqual({ is_public: false });
    expect(await attrsOf(drawn)).toEqual({ fileSrc: 'plan.png', drawType: 'plan', is_public: false });
    expect(await attrsOf(shared)).toEqual({ is_public: true });
    expect(await attrsOf(closed)).toEqual({ is_public: false });
    expect(await attrsOf(plainThumbnail)).toEqual({ is_public: false });
    expect(await attrsOf(sharedThumbnail)).toEqual({ is_public: true });
    // and the table of the secret signing private files' URLs, empty until first use
    expect(await t.db.selectFrom('media_signing_keys').selectAll().execute()).toEqual([]);
  });
});
