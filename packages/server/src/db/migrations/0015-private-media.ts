import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0025, amendment: media files are private
// unless someone chose to make them public, so every file stored without attrs.is_public (public until
// now) becomes private, and its thumbnails follow it; private files are served by signed URLs, whose
// secret one table keeps for every server on the database.

/** Rows updated per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

function attrsObject(text: unknown): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media_signing_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const rows: Array<{ id: string; parent_id: string | null; attrs: string }> = await db
    .selectFrom('media_files')
    .select(['id', 'parent_id', 'attrs'])
    .execute();
  const attrs = new Map(rows.map((r) => [r.id, attrsObject(r.attrs)]));
  // A file is public from now on only if someone said so; a thumbnail is as public as its file.
  const chosenPublic = (id: string | null) => id !== null && attrs.get(id)?.is_public === true;
  const byNewAttrs = new Map<string, string[]>();
  for (const row of rows) {
    const own = attrs.get(row.id)!;
    if (typeof own.is_public === 'boolean') continue;
    const next = JSON.stringify({ ...own, is_public: row.parent_id !== null && chosenPublic(row.parent_id) });
    const ids = byNewAttrs.get(next) ?? [];
    ids.push(row.id);
    byNewAttrs.set(next, ids);
  }
  for (const [next, ids] of byNewAttrs) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      await db
        .updateTable('media_files')
        .set({ attrs: next })
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The flags stay: which of them this migration wrote is not known, and private is the safe side.
  await db.schema.dropTable('media_signing_keys').execute();
}
