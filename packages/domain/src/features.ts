/** One feature of a module in the project feature configuration. */
export interface FeatureConfig {
  enabled: boolean;
  /** 'role' limits the feature to the roles listed in the project's roleFeatures. */
  scope?: 'role' | 'project' | string;
}
/** module folder → feature name → configuration */
export type FeatureConfigMap = Record<string, Record<string, FeatureConfig>>;
/** module folder → feature name → role ids */
export type RoleFeatureMap = Record<string, Record<string, Array<string | number>>>;

export interface ActiveFeature {
  name: string;
  enabled: boolean;
  scope: string;
  active: boolean;
}

/**
 * Features of one module: the project feature configuration merged with the project's attrs.features
 * (the latter wins); active when enabled and either not role-scoped or granted to the active role
 * through roleFeatures. basePermissions is ignored (requirements#roles-permissions).
 */
export function featuresOfModule(
  folder: string,
  config: FeatureConfigMap,
  overrides: FeatureConfigMap | undefined,
  roleFeatures: RoleFeatureMap | undefined,
  activeRoleId: string,
): ActiveFeature[] {
  const merged: Record<string, FeatureConfig> = { ...config[folder] };
  for (const [name, value] of Object.entries(overrides?.[folder] ?? {})) {
    merged[name] = { ...merged[name], ...value };
  }
  return Object.entries(merged)
    .filter(([name]) => name !== 'basePermissions')
    .map(([name, feature]) => {
      const scope = feature.scope ?? 'project';
      const granted = (roleFeatures?.[folder]?.[name] ?? []).map(String).includes(activeRoleId);
      return { name, enabled: feature.enabled, scope, active: feature.enabled && (scope !== 'role' || granted) };
    });
}
