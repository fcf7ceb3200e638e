import type { FileManagerAllowed } from '../api/file-manager-features.ts';
import type { FileAction } from '../components/file-actions-menu.tsx';

/**
 * A file's actions the caller may take: tags and delete are role features of the project
 * (requirements#roles-permissions).
 */
export const offeredActions = (allowed: FileManagerAllowed): FileAction[] => [
  'rename',
  ...(allowed.tag ? (['tags'] as const) : []),
  'visibility',
  ...(allowed.delete ? (['delete'] as const) : []),
];
