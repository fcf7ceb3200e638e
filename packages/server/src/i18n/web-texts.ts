import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOCALE, type Locale, type Translate, type TranslateOptions } from '@vigil/domain';

/** The web app's namespaces the server words things with: events and states, alarms. */
export type WebNamespace = 'notifications' | 'alarms';

/** The texts of one namespace in one language, as the web app shows them; null when none can be read. */
export type WebTexts = (locale: Locale, namespace: WebNamespace) => Translate | null;

interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** The locale files of the web app's sources: for a server started without a build (tests, development). */
const SOURCE_LOCALES = join(import.meta.dirname, '../../../web/public/locales');

/** Parsed files by path: read once per process, since a deployment's locale files do not change under it. */
const files = new Map<string, TextTree | null>();

function fileAt(path: string): TextTree | null {
  if (!files.has(path)) {
    let tree: TextTree | null = null;
    // A missing or unreadable file words nothing: the next language, or the English text, stands in, and
    // an alarm message is still sent.
    try {
      if (existsSync(path)) tree = JSON.parse(readFileSync(path, 'utf8')) as TextTree;
    } catch {
      tree = null;
    }
    files.set(path, tree);
  }
  return files.get(path)!;
}

function lookup(tree: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` filled in as the web app's i18next does it (values not escaped, a missing one empty). */
const interpolate = (text: string, values: TranslateOptions) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));

/**
 * The web app's texts for the server's messages and reports, so that people read an event in the same
 * words in the app, in an e-mail and in a PDF: from the built app's `locales/` under `webDist`, else
 * from the sources; a key missing in a language is looked up in en-US, then the `defaultValue` is used.
 */
export function webTexts(webDist?: string): WebTexts {
  const roots = [...(webDist ? [join(webDist, 'locales')] : []), SOURCE_LOCALES];
  const treeOf = (locale: Locale, namespace: WebNamespace) =>
    roots.map((root) => fileAt(join(root, locale, `${namespace}.json`))).find((tree) => tree !== null) ?? null;
  return (locale, namespace) => {
    const trees = [...new Set([locale, DEFAULT_LOCALE])]
      .map((l) => treeOf(l, namespace))
      .filter((tree): tree is TextTree => tree !== null);
    if (!trees.length) return null;
    return (key, options = {}) => {
      const found = trees.map((tree) => lookup(tree, key)).find((text) => text !== undefined);
      return interpolate(found ?? options.defaultValue ?? key, options);
    };
  };
}
