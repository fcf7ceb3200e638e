/** A language's namespaces as one file, `locales/{lng}/all-namespaces.json` (made by vite.config.ts). */
export const ALL_NAMESPACES_FILE = 'all-namespaces.json';
