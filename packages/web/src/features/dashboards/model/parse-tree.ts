import { ROOT_PAGE, type DashboardTree } from '@vigil/domain';

/**
 * A stored tree, or null when nothing (or nothing readable) is stored. The server answers a state
 * module's data as dashboardTreeSchema reads it, or null (packages/server/src/services/ui/dashboard-check.ts):
 * the page trusts its shape rather than load zod and the schemas of every card before its first draw.
 * What is checked here keeps a page from failing on anything else.
 */
export function parseTree(data: unknown): DashboardTree | null {
  if (typeof data !== 'object' || data === null) return null;
  const pages = (data as { pages?: unknown }).pages;
  if (!Array.isArray(pages) || (pages[0] as { path?: unknown } | undefined)?.path !== ROOT_PAGE) return null;
  const readable = pages.every(
    (page: { path?: unknown; title?: unknown; cards?: unknown }) =>
      typeof page?.path === 'string' && typeof page.title === 'string' && Array.isArray(page.cards),
  );
  return readable ? (data as DashboardTree) : null;
}
