import type { ModuleObject } from '@vigil/domain';

/** One entry of a role's menu tree as the demo site and this screen store it (a type: it is JSON). */
export type MenuTreeEntry = { module: string; path: string };

/** The module id an entry of a stored menu tree names: `{module}`, `{id}` or a bare id. */
function moduleIdOf(entry: unknown): string | undefined {
  if (typeof entry === 'string' || typeof entry === 'number') return String(entry);
  if (entry && typeof entry === 'object') {
    const { module, id } = entry as { module?: unknown; id?: unknown };
    const value = module ?? id;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return undefined;
}

/** The module ids of a stored menu tree, in order, each once. */
export function menuTreeIds(tree: readonly unknown[]): string[] {
  return [...new Set(tree.map(moduleIdOf).filter((id): id is string => id !== undefined))];
}

/**
 * The role's menu as it should read now: the modules attached to the role in the stored order, then
 * those attached since in menu order. Modules the role no longer opens drop out.
 */
export function roleMenu(tree: readonly unknown[], modules: readonly ModuleObject[], roleId: string): ModuleObject[] {
  const attached = modules.filter((m) => m.roles.includes(roleId));
  const byId = new Map(attached.map((m) => [m.id, m]));
  const ordered = menuTreeIds(tree).flatMap((id) => {
    const module = byId.get(id);
    return module ? [module] : [];
  });
  const listed = new Set(ordered.map((m) => m.id));
  return [...ordered, ...attached.filter((m) => !listed.has(m.id))];
}

/** The menu tree to store for modules in this order. */
export const toMenuTree = (modules: readonly ModuleObject[]): MenuTreeEntry[] =>
  modules.map((m) => ({ module: m.id, path: m.path }));

/** `list` with the item at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);
