import { LANDING_ORDER, MODULE_FOLDERS } from '@vigil/domain';

const LANDING_PATHS: Record<string, string> = {
  'safety-state': '/safety-state/root',
  'operational-state': '/operational-state/root',
};

/**
 * The default landing after login (requirements#shell-screens): the first module of the landing order the user
 * has, else notifications.
 */
export function defaultLanding(hasModule: (folder: string) => boolean): string {
  const first = LANDING_ORDER.find((path) => hasModule(MODULE_FOLDERS[path]));
  return first ? (LANDING_PATHS[first] ?? `/${first}`) : '/notifications';
}

/** The module folder of an address: its first path segment (requirements#shell-screens). */
export function moduleFolderOf(pathname: string): string | undefined {
  const segment = pathname.split('/')[1] ?? '';
  return (MODULE_FOLDERS as Record<string, string>)[segment];
}
