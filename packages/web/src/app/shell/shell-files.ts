import { useStaticJson } from '../../theme/use-theme-file.ts';
import type { MenuConfig } from './menu-config.ts';

/** /version.json: the web application's own version. */
export interface VersionFile {
  version: string;
}

/** /overall_version.json: the release of the platform as a whole. */
export interface OverallVersionFile {
  version: string;
  name?: string;
}

/** /app.config.json */
export interface AppConfigFile {
  applicationName: string;
}

export const useVersionFile = () => useStaticJson<VersionFile>('/version.json');
export const useOverallVersionFile = () => useStaticJson<OverallVersionFile>('/overall_version.json');
export const useAppConfig = () => useStaticJson<AppConfigFile>('/app.config.json');

/** The menu configuration of a theme folder; the default theme's when the project has none. */
export function useMenuConfig(folder: string) {
  const own = useStaticJson<MenuConfig>(`/themes/${folder}/config.json`);
  const fallback = useStaticJson<MenuConfig>('/themes/default/config.json', own.isError && folder !== 'default');
  return own.isError ? fallback : own;
}
