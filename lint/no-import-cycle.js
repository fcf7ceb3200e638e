import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

// import-x/no-cycle (like eslint-plugin-import's) never follows `import type`, so two files that only
// name each other's types pass it. This rule follows every import: runtime, type-only, re-exports and
// dynamic import(). Relative paths and the workspace packages (@vigil/*) are followed; other packages are not.

const ROOT = resolve(import.meta.dirname, '..');

/** '@vigil/domain' → the file its package.json exports as '.' */
const workspaceEntries = new Map();
for (const folder of ['domain', 'server', 'web']) {
  try {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8'));
    const entry = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'];
    if (typeof entry === 'string') workspaceEntries.set(pkg.name, resolve(ROOT, 'packages', folder, entry));
  } catch {
    // a package without a package.json or an entry point cannot be imported by name
  }
}

function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(fromFile), specifier);
  return workspaceEntries.get(specifier) ?? null;
}

/** A file's resolved imports, read once per change of the file's modification time. */
const importsCache = new Map();
function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached?.mtime === mtime) return cached.imports;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = [...new Set(importedFiles.map((f) => resolveSpecifier(file, f.fileName)).filter((f) => f !== null))];
  importsCache.set(file, { mtime, imports });
  return imports;
}

/** The chain of files from `start` back to `target`, or null when `target` cannot be reached. */
function routeBack(start, target, visited) {
  const parents = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const route = [file];
        for (let p = parents.get(file); p; p = parents.get(p)) route.unshift(p);
        return route;
      }
      if (parents.has(next) || visited.has(next)) continue;
      parents.set(next, file);
      queue.push(next);
    }
  }
  for (const file of parents.keys()) visited.add(file);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    const filename = resolve(context.filename);
    // files already shown not to lead back to this one, shared by all of its imports
    const visited = new Set();
    const check = (node) => {
      const specifier = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(filename, specifier);
      if (!target || target === filename || visited.has(target)) return;
      const route = routeBack(target, filename, visited);
      if (!route) return;
      const names = [filename, ...route, filename].map((f) => relative(ROOT, f));
      context.report({ node, messageId: 'cycle', data: { route: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
