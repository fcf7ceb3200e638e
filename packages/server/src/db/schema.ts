/**
 * Table interfaces as Kysely sees them. Portable across SQLite and PostgreSQL (ADR 0001): ids are
 * text, times are ISO-8601 UTC text, booleans are 0/1 integers and structured values are JSON text.
 */
export interface AccountsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  account_id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  profile_image: string | null;
  password_hash: string | null;
  password_changed_at: string | null;
  is_password_set: number;
  is_active: number;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export type TokenKind = 'session' | 'reset' | 'invite';

export interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: TokenKind;
  token_hash: string;
  data_context: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

export interface ProjectsTable {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  attrs: string;
  places: string;
  feature_config: string;
  created_at: string;
}

export interface RolesTable {
  id: string;
  project_id: string;
  name: string;
  permission_groups: string;
  tile_menu: string;
  menu_tree: string;
  created_at: string;
  updated_at: string;
}

export interface PermissionGroupsTable {
  id: string;
  name: string;
  description: string;
  permissions: string;
}

export interface ResponderTypesTable {
  id: string;
  project_id: string;
  name: string;
  title: string;
}

export interface UserProfilesTable {
  id: string;
  project_id: string;
  user_id: string;
  roles: string;
  is_active: number;
  default_responder_type_id: string | null;
  profile: string;
  created_at: string;
  updated_at: string;
}

export interface ModulesTable {
  id: string;
  project_id: string;
  name: string;
  path: string;
  folder: string;
  roles: string;
  features: string;
  position: number;
}

export interface ProjectModuleDataTable {
  project_id: string;
  module_id: string;
  data: string;
  user_id: string;
  action: string;
  timestamp: string;
}

export interface UserModuleDataTable {
  profile_id: string;
  module_id: string;
  data: string;
  updated_at: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  projects: ProjectsTable;
  roles: RolesTable;
  permission_groups: PermissionGroupsTable;
  responder_types: ResponderTypesTable;
  user_profiles: UserProfilesTable;
  modules: ModulesTable;
  project_module_data: ProjectModuleDataTable;
  user_module_data: UserModuleDataTable;
}
