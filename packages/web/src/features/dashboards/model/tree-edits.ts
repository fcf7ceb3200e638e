import { parentPath, pathSegmentOf, type DashboardCard, type DashboardTree } from '@vigil/domain';

/** The tree with one page's cards replaced. */
export function withPageCards(tree: DashboardTree, path: string, cards: DashboardCard[]): DashboardTree {
  return { ...tree, pages: tree.pages.map((p) => (p.path === path ? { ...p, cards } : p)) };
}

/** The tree with one page renamed; its path, and so every link to it, stays. */
export function withPageTitle(tree: DashboardTree, path: string, title: string): DashboardTree {
  return { ...tree, pages: tree.pages.map((p) => (p.path === path ? { ...p, title } : p)) };
}

/**
 * The tree with a new empty page under `parent`, after the parent's other descendants; its path
 * segment comes from the title, numbered when a sibling has it already.
 */
export function withChildPage(
  tree: DashboardTree,
  parent: string,
  title: string,
): { tree: DashboardTree; path: string } {
  const base = `${parent}/${pathSegmentOf(title)}`;
  const taken = new Set(tree.pages.map((p) => p.path));
  let path = base;
  for (let n = 2; taken.has(path); n++) path = `${base}-${n}`;
  const isUnder = (p: string) => p === parent || p.startsWith(`${parent}/`);
  const lastDescendant = tree.pages.findLastIndex((p) => isUnder(p.path));
  const pages = [...tree.pages];
  pages.splice(lastDescendant + 1, 0, { path, title, cards: [] });
  return { tree: { ...tree, pages }, path };
}

/** The tree without a page and its descendants (never root). */
export function withoutPage(tree: DashboardTree, path: string): DashboardTree {
  if (parentPath(path) === null) return tree;
  return { ...tree, pages: tree.pages.filter((p) => p.path !== path && !p.path.startsWith(`${path}/`)) };
}

/** A card id no other card of the page has. */
export function newCardId(cards: readonly DashboardCard[]): string {
  const taken = new Set(cards.map((c) => c.id));
  for (let n = cards.length + 1; ; n++) if (!taken.has(`card-${n}`)) return `card-${n}`;
}

/** Whether `pages` (and their descendants) are the same in both trees: another editor left them alone. */
export function untouched(mine: DashboardTree, theirs: DashboardTree, pages: readonly string[]): boolean {
  const under = (tree: DashboardTree, path: string) =>
    JSON.stringify(tree.pages.filter((p) => p.path === path || p.path.startsWith(`${path}/`)));
  return pages.every((path) => under(mine, path) === under(theirs, path));
}
