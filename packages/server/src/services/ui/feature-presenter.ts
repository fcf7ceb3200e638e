import { featuresOfModule, type ProjectFeatures } from '@vigil/domain';
import type { ProjectRecord } from './project-store.ts';
import { featureAttrs } from './project-presenter.ts';

/**
 * A project's feature configuration per module folder, as the feature rules read it (the project
 * configuration merged with attrs.features, basePermissions left out), and its roleFeatures.
 */
export function presentProjectFeatures(record: ProjectRecord): ProjectFeatures {
  const { features: overrides, roleFeatures } = featureAttrs(record);
  const folders = [...new Set([...Object.keys(record.featureConfig), ...Object.keys(overrides)])];
  const features: ProjectFeatures['features'] = {};
  for (const folder of folders) {
    // featuresOfModule is the one merge rule; the role id plays no part in enabled and scope.
    const merged = featuresOfModule(folder, record.featureConfig, overrides, undefined, '');
    features[folder] = Object.fromEntries(merged.map((f) => [f.name, { enabled: f.enabled, scope: f.scope }]));
  }
  return { features, roleFeatures: presentRoleFeatures(roleFeatures) };
}

/** attrs.roleFeatures with every role id as text (older data may hold numbers). */
export function presentRoleFeatures(roleFeatures: unknown): ProjectFeatures['roleFeatures'] {
  const granted: ProjectFeatures['roleFeatures'] = {};
  if (!roleFeatures || typeof roleFeatures !== 'object') return granted;
  for (const [folder, byFeature] of Object.entries(roleFeatures)) {
    if (!byFeature || typeof byFeature !== 'object' || Array.isArray(byFeature)) continue;
    granted[folder] = Object.fromEntries(
      Object.entries(byFeature).map(([name, ids]) => [name, Array.isArray(ids) ? ids.map(String) : []]),
    );
  }
  return granted;
}
