import { ROLE_NAMES, type ModuleObject } from '@vigil/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "crossSectionsLayer" → "Cross sections layer": a readable name for a feature nobody translated. */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KNOWN_ROLES = new Set<string>(ROLE_NAMES);
/** Names that are safe as i18n keys (no key or namespace separators). */
const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * Names in the interface language: roles and modules of the demo configuration and known features
 * are translated; anything else shows as the server names it.
 */
export function useNames() {
  const { t } = useTranslation('roles');
  const role = useCallback(
    (name: string) => (KNOWN_ROLES.has(name) ? t(`roleNames.${name}`, { defaultValue: name }) : name),
    [t],
  );
  const module = useCallback(
    (m: Pick<ModuleObject, 'path' | 'name'>) =>
      PLAIN_KEY.test(m.path) ? t(`moduleNames.${m.path}`, { defaultValue: m.name }) : m.name,
    [t],
  );
  const feature = useCallback(
    (name: string) =>
      PLAIN_KEY.test(name) ? t(`featureNames.${name}`, { defaultValue: humanize(name) }) : humanize(name),
    [t],
  );
  return { role, module, feature };
}
