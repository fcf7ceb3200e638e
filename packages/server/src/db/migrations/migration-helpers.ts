import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type ColumnBuilderCallback, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time like the migrations that call it: a change here would change the schema (or the rows)
// they made on every database already migrated. A new migration that needs something else gets a new
// helper; what is here is never edited.

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A required reference to `target` (`table.id`): the row goes when the row it refers to is deleted. */
export function ownedBy(target: string): ColumnBuilderCallback {
  return (c) => c.notNull().references(target).onDelete('cascade');
}

/** A nullable reference to `target` (`table.id`): the row goes when the row it refers to is deleted. */
export function optionallyOwnedBy(target: string): ColumnBuilderCallback {
  return (c) => c.references(target).onDelete('cascade');
}

/** A table of a project's records: it starts with their text id and the project they are deleted with. */
export function projectTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', ownedBy('projects.id'));
}

/** When a record was made and when it last changed. */
export function timestamps<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
}

/** When a record was made, and by whom (null where not known). */
export function creation<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('created_by', 'text');
}

/**
 * The first columns of a table keeping every change to the records of `recordTable`: its id, the record
 * (in `recordColumn`, deleted with it), the action, when, and the name of who made it.
 */
export function historyOf(recordTable: string, recordColumn: string) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn(recordColumn, 'text', ownedBy(`${recordTable}.id`))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text');
}

/** What is kept of a series' values over a period: count, sum, extremes, first and last (with their times). */
export function valueSummary<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('sum', 'double precision', (c) => c.notNull())
    .addColumn('min', 'double precision', (c) => c.notNull())
    .addColumn('max', 'double precision', (c) => c.notNull())
    .addColumn('first_t', 'bigint', (c) => c.notNull())
    .addColumn('first', 'double precision', (c) => c.notNull())
    .addColumn('last_t', 'bigint', (c) => c.notNull())
    .addColumn('last', 'double precision', (c) => c.notNull());
}

/** The data a module keeps for one owner (a project, a user's profile): deleted with either. */
export function moduleDataOf(ownerTable: string, ownerColumn: string) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table
      .addColumn(ownerColumn, 'text', ownedBy(`${ownerTable}.id`))
      .addColumn('module_id', 'text', ownedBy('modules.id'))
      .addColumn('data', 'text', (c) => c.notNull());
}

/**
 * An integer key numbering rows in insertion order: `postgresType` (serial or bigserial) on PostgreSQL,
 * an autoincrementing integer on SQLite.
 */
export function autoIncrementKey(db: Kysely<any>, column: string, postgresType: 'serial' | 'bigserial') {
  const postgres = isPostgres(db);
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    table.addColumn(column, postgres ? postgresType : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
}

/** A table read by primary-key ranges is stored in key order on SQLite (WITHOUT ROWID). */
export function clusteredOnSqlite(db: Kysely<any>) {
  const postgres = isPostgres(db);
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    postgres ? table : table.modifyEnd(sql`without rowid`);
}

/** The column type of raw bytes. */
export function bytesType(db: Kysely<any>): 'bytea' | 'blob' {
  return isPostgres(db) ? 'bytea' : 'blob';
}

export async function createIndex(db: Kysely<any>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** A module of the menu that projects made before it existed are given by a migration. */
export interface MenuModule {
  name: string;
  path: string;
  folder: string;
}

interface RoleRow {
  id: string;
  project_id: string;
  name: string;
  menu_tree: string;
}

function readRoles(db: Kysely<any>): Promise<RoleRow[]> {
  return db.selectFrom('roles').select(['id', 'project_id', 'name', 'menu_tree']).execute();
}

async function setMenuTree(db: Kysely<any>, roleId: string, tree: unknown[]): Promise<void> {
  await db
    .updateTable('roles')
    .set({ menu_tree: JSON.stringify(tree) })
    .where('id', '=', roleId)
    .execute();
}

/**
 * Gives `module` to every project that lacks it, after its other modules, for the roles that `forRole`
 * chooses, at the end of those roles' menus.
 */
export async function addModuleToProjects(
  db: Kysely<any>,
  module: MenuModule,
  forRole: (role: { name: string }) => boolean,
): Promise<void> {
  const modules: Array<{ project_id: string; folder: string; position: number }> = await db
    .selectFrom('modules')
    .select(['project_id', 'folder', 'position'])
    .execute();
  const roles = await readRoles(db);
  const projects: Array<{ id: string }> = await db.selectFrom('projects').select('id').execute();
  for (const { id: projectId } of projects) {
    const own = modules.filter((m) => m.project_id === projectId);
    if (own.some((m) => m.folder === module.folder)) continue;
    const chosen = roles.filter((r) => r.project_id === projectId && forRole(r));
    const moduleId = randomUUID();
    await db
      .insertInto('modules')
      .values({
        id: moduleId,
        project_id: projectId,
        name: module.name,
        path: module.path,
        folder: module.folder,
        roles: JSON.stringify(chosen.map((r) => r.id)),
        features: '[]',
        position: Math.max(-1, ...own.map((m) => m.position)) + 1,
      })
      .execute();
    for (const role of chosen) {
      const tree = JSON.parse(role.menu_tree) as unknown[];
      await setMenuTree(db, role.id, [...tree, { module: moduleId, path: module.path }]);
    }
  }
}

/** Takes the modules of `folder` out of every role's menu, then deletes them. */
export async function removeModuleFromProjects(db: Kysely<any>, folder: string): Promise<void> {
  const added: Array<{ id: string }> = await db
    .selectFrom('modules')
    .select('id')
    .where('folder', '=', folder)
    .execute();
  const ids = new Set(added.map((m) => m.id));
  for (const role of await readRoles(db)) {
    const tree = JSON.parse(role.menu_tree) as Array<{ module?: string }>;
    const kept = tree.filter((item) => !ids.has(item.module ?? ''));
    if (kept.length !== tree.length) await setMenuTree(db, role.id, kept);
  }
  await db.deleteFrom('modules').where('folder', '=', folder).execute();
}

/** How a table is made again by `rebuildOnSqlite`. */
export interface SqliteRebuild {
  /** the columns copied, present in both the old and the new table */
  columns: string[];
  /** creates the new table under `name` */
  create(db: Kysely<any>, name: string): Promise<void>;
  /** creates the table's indexes again, once it has its name back (the old ones went with the old table) */
  indexes(db: Kysely<any>): Promise<void>;
}

/**
 * Makes `table` again on SQLite, which cannot change a column's NOT NULL or add a CHECK in place
 * (SQLite's documented twelve steps), keeping every row: a new table, the rows copied, the old table
 * dropped and the new one renamed. Foreign keys are off meanwhile, so that dropping the old table
 * deletes none of the rows that refer to it (their references name the table, hence the new one from
 * then on), and checked before the end. Kysely runs SQLite migrations outside a transaction: this one
 * opens its own, since foreign keys cannot be switched inside one.
 */
export async function rebuildOnSqlite(db: Kysely<any>, table: string, rebuild: SqliteRebuild): Promise<void> {
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const enforced = rows[0]?.foreign_keys === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const rebuilt = `${table}_rebuilt`;
      await rebuild.create(trx, rebuilt);
      const columns = sql.join(rebuild.columns.map((c) => sql.ref(c)));
      await sql`insert into ${sql.table(rebuilt)} (${columns}) select ${columns} from ${sql.table(table)}`.execute(trx);
      await trx.schema.dropTable(table).execute();
      await trx.schema.alterTable(rebuilt).renameTo(table).execute();
      await rebuild.indexes(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`${table}: rows refer to rows that do not exist after the rebuild`);
    });
  } finally {
    if (enforced) await sql`pragma foreign_keys = on`.execute(db);
  }
}
