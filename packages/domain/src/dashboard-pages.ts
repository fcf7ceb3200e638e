import { ENTITY_SEGMENT } from './states.ts';

/**
 * The pages of a dashboard tree and the grid of their cards, apart from the tree's schema
 * (dashboards.ts): the web app's dashboards read them without loading zod.
 */

export const GRID_COLUMNS = 16;

/** A card's place on the grid, in columns and rows (dashboards.ts checks it). */
export interface CardLayout {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What the page functions read of a tree (DashboardTree) and its pages. */
interface PageTree<P extends { path: string }> {
  pages: readonly P[];
}

/** Card presets of requirements#shell-constants: full width height 2 or 4, half width 8, media 6. */
export const CARD_PRESETS = {
  fullWidth: { w: 16, h: 2 },
  fullWidthTall: { w: 16, h: 4 },
  halfWidth: { w: 8, h: 2 },
  media: { w: 6, h: 2 },
} as const;
export type CardPreset = keyof typeof CARD_PRESETS;

export const ROOT_PAGE = 'root';
/** The parent of a page path; null for root. */
export function parentPath(path: string): string | null {
  const at = path.lastIndexOf('/');
  return at < 0 ? null : path.slice(0, at);
}

/** The pages directly under a page, in the tree's order. */
export function childPages<P extends { path: string }>(tree: PageTree<P>, path: string): P[] {
  return tree.pages.filter((page) => parentPath(page.path) === path);
}

/** The page and its ancestors, root first, for breadcrumbs; [] when the path is not in the tree. */
export function pageTrail<P extends { path: string }>(tree: PageTree<P>, path: string): P[] {
  const byPath = new Map(tree.pages.map((page) => [page.path, page]));
  const trail: P[] = [];
  for (let at: string | null = path; at; at = parentPath(at)) {
    const page = byPath.get(at);
    if (!page) return [];
    trail.unshift(page);
  }
  return trail;
}

/** A path segment from a page title: `North crest (CH 0+200)` → `north-crest-ch-0-200`. */
export function pathSegmentOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return !slug || slug === ENTITY_SEGMENT ? `page-${slug || 'new'}` : slug;
}

/** Where a new card of this size goes: the left edge, below every card of the page. */
export function placeNewCard(layouts: readonly CardLayout[], size: { w: number; h: number }): CardLayout {
  const bottom = layouts.reduce((max, l) => Math.max(max, l.y + l.h), 0);
  return { x: 0, y: bottom, w: Math.min(size.w, GRID_COLUMNS), h: size.h };
}

/** Where a card fits first: the topmost, then leftmost, place where it overlaps no other card. */
export function firstFit(layouts: readonly CardLayout[], size: { w: number; h: number }): CardLayout {
  const w = Math.min(size.w, GRID_COLUMNS);
  const overlaps = (x: number, y: number) =>
    layouts.some((l) => x < l.x + l.w && l.x < x + w && y < l.y + l.h && l.y < y + size.h);
  for (let y = 0; ; y++) {
    for (let x = 0; x + w <= GRID_COLUMNS; x++) if (!overlaps(x, y)) return { x, y, w, h: size.h };
  }
}

/** Cards in reading order (top to bottom, then left to right): how a phone shows them in one column. */
export function readingOrder<T extends { layout: CardLayout }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x);
}
