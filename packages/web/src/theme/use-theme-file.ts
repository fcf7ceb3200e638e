import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys.ts';
import type { ThemeFile } from './theme-file.ts';

async function fetchJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Request to ${path} failed: ${response.status}`);
  return (await response.json()) as T;
}

/** A static JSON file of the web app (themes, menu configuration, versions); cached for the session. */
const staticJsonQuery = <T>(path: string) =>
  queryOptions({ queryKey: queryKeys.static.file(path), queryFn: () => fetchJson<T>(path), staleTime: Infinity });

export function useStaticJson<T>(path: string, enabled = true) {
  return useQuery({ ...staticJsonQuery<T>(path), enabled });
}

export const themeFileQuery = (folder: string) => staticJsonQuery<ThemeFile>(`/themes/${folder}/theme.json`);

export function useThemeFile(folder: string) {
  return useQuery(themeFileQuery(folder));
}
