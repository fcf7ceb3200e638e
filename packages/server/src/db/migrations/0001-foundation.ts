import type { Kysely } from 'kysely';
import { createIndex, moduleDataOf, ownedBy, projectTable, timestamps } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations, never here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('profile_image', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('password_changed_at', 'text')
    .addColumn('is_password_set', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .$call(timestamps)
    .addColumn('last_login_at', 'text')
    .execute();
  await createIndex(db, 'users_email', 'users', ['email']);

  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', ownedBy('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('data_context', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await createIndex(db, 'auth_tokens_user', 'auth_tokens', ['user_id']);

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failure_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('attrs', 'text', (c) => c.notNull())
    .addColumn('places', 'text', (c) => c.notNull())
    .addColumn('feature_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('permission_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .execute();

  await projectTable(db, 'roles')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permission_groups', 'text', (c) => c.notNull())
    .addColumn('tile_menu', 'text', (c) => c.notNull())
    .addColumn('menu_tree', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addUniqueConstraint('roles_project_name', ['project_id', 'name'])
    .execute();

  await projectTable(db, 'responder_types')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .execute();

  await projectTable(db, 'user_profiles')
    .addColumn('user_id', 'text', ownedBy('users.id'))
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('default_responder_type_id', 'text')
    .addColumn('profile', 'text', (c) => c.notNull())
    .$call(timestamps)
    .addUniqueConstraint('user_profiles_project_user', ['project_id', 'user_id'])
    .execute();
  await createIndex(db, 'user_profiles_user', 'user_profiles', ['user_id']);

  await projectTable(db, 'modules')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('modules_project_path', ['project_id', 'path'])
    .execute();

  await db.schema
    .createTable('project_module_data')
    .$call(moduleDataOf('projects', 'project_id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_module_data_pk', ['project_id', 'module_id'])
    .execute();

  await db.schema
    .createTable('user_module_data')
    .$call(moduleDataOf('user_profiles', 'profile_id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_module_data_pk', ['profile_id', 'module_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'user_module_data',
    'project_module_data',
    'modules',
    'user_profiles',
    'responder_types',
    'roles',
    'permission_groups',
    'projects',
    'login_failures',
    'auth_tokens',
    'users',
    'accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
