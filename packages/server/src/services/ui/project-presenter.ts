import type { FeatureConfigMap, Project, RoleFeatureMap } from '@vigil/domain';
import type { ProjectRecord } from './project-store.ts';

const objectOr = <T>(value: unknown, fallback: T): T =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : fallback;

/** The project's attrs.features and attrs.roleFeatures, as the feature rules read them. */
export function featureAttrs(record: ProjectRecord): { features: FeatureConfigMap; roleFeatures: RoleFeatureMap } {
  return { features: objectOr(record.attrs.features, {}), roleFeatures: objectOr(record.attrs.roleFeatures, {}) };
}

export function presentProject(record: ProjectRecord): Project {
  const { attrs } = record;
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    attrs: {
      apiKeys: objectOr(attrs.apiKeys, {}),
      crossSectionsSettings: objectOr(attrs.crossSectionsSettings, {}),
      ...featureAttrs(record),
      theme: typeof attrs.theme === 'string' ? attrs.theme : null,
    },
    // The map components take Leaflet's {lat, lng}; lat/lon stay for the project list (requirements#shell-entities).
    places: record.places.map((p) => ({ name: p.name, lat: p.lat, lon: p.lon, coords: { lat: p.lat, lng: p.lon } })),
    created_at: record.createdAt,
  };
}
