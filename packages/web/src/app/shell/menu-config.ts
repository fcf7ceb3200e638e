import { moduleFolderOf } from '../landing.ts';

/** An image of the menu configuration; `alt` is a brand name, so it is not translated. */
export interface MenuImage {
  src: string;
  alt: string;
}

export interface MenuItemConfig {
  id: string;
  /** an i18n key of the shell namespace */
  label: string;
  /** a name of MODULE_ICONS */
  icon: string;
  /** the route, optionally with a query (`/journal-manager?tab=dataSessions`) */
  path: string;
}

export interface MenuGroupConfig {
  id: string;
  /** an i18n key of the shell namespace */
  label: string;
  /** false for a group of one link whose heading would only repeat it */
  heading?: boolean;
  items: MenuItemConfig[];
}

/** The per-project menu configuration, /themes/{project}/config.json (requirements#shell-screens left menu). */
export interface MenuConfig {
  /** the wide logo at the top of the expanded menu */
  logo?: MenuImage;
  /** a square mark shown when the menu is collapsed to icons */
  logoMark?: MenuImage;
  /** an image at the bottom of the expanded menu */
  footer?: MenuImage;
  groups: MenuGroupConfig[];
}

/**
 * The groups a user sees: items whose route's module the user has (routes of no module always
 * show), and no group left without items.
 */
export function visibleGroups(config: MenuConfig, hasModule: (folder: string) => boolean): MenuGroupConfig[] {
  return config.groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const folder = moduleFolderOf(new URL(item.path, 'http://menu').pathname);
        return !folder || hasModule(folder);
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * The item of the current address: same first path segment; the item whose query parameters all
 * match wins over one without a query (journals vs. sessions of the journal manager), and then the
 * item whose path holds the address most closely (schemes vs. devices).
 */
export function activeItemId(items: MenuItemConfig[], pathname: string, search: string): string | undefined {
  const segment = (path: string) => path.split('/')[1] ?? '';
  const current = new URLSearchParams(search);
  let best: { id: string; score: number } | undefined;
  for (const item of items) {
    const url = new URL(item.path, 'http://menu');
    if (segment(url.pathname) !== segment(pathname)) continue;
    const wanted = [...url.searchParams];
    if (!wanted.every(([key, value]) => current.get(key) === value)) continue;
    // A deeper path that holds the address (schemes under devices) wins over its parent's item.
    const within = pathname === url.pathname || pathname.startsWith(`${url.pathname}/`);
    const score = wanted.length * 1000 + (within ? url.pathname.length : 0);
    if (!best || score > best.score) best = { id: item.id, score };
  }
  return best?.id;
}
