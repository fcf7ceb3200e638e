import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@vigil/domain';
import { queryKeys } from '../../api/query-keys.ts';
import { sessionStore } from '../../api/session-store.ts';
import type { Diagnostics } from './error-report.ts';

export const VERSION_FILES = ['/version.json', '/overall_version.json'] as const;

/** A static JSON file, or undefined when it is missing, is not JSON or takes too long. */
async function readJson(path: string): Promise<unknown> {
  try {
    const response = await fetch(path, { cache: 'no-store', signal: AbortSignal.timeout(3000) });
    // A missing file comes back as the application's index.html (history fallback), not as a 404.
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return undefined;
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The current project's name. The dialog also works before sign-in and outside the signed-in
 * layout, so it reads the session store and the query cache instead of the session context.
 */
function projectName(queryClient: QueryClient): string | undefined {
  const projectId = sessionStore.get()?.projectId;
  if (!projectId) return undefined;
  const projects = queryClient.getQueryData<Project[]>(queryKeys.ui.projects());
  return projects?.find((p) => p.id === projectId)?.name ?? projectId;
}

/** Everything the diagnostic file needs besides the report: project, versions and client. */
export async function collectDiagnostics(queryClient: QueryClient): Promise<Diagnostics> {
  const contents = await Promise.all(VERSION_FILES.map(readJson));
  return {
    project: projectName(queryClient),
    versions: VERSION_FILES.map((file, i) => ({ file, content: contents[i] })),
    client: {
      userAgent: navigator.userAgent,
      language: navigator.language,
      screen: `${window.screen.width}x${window.screen.height}`,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
    },
  };
}
