import type { User } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { sheetFromRecords, type ExportSettings } from '../../components/export-dialog/export-settings.ts';
import { displayNameOf } from './users-table-model.ts';

/** The status of a user in words: active or deactivated, and whether he has chosen a password. */
export function statusText(t: TFunction, user: Pick<User, 'is_active' | 'is_password_set'>): string {
  return [
    t(user.is_active ? 'users:status.active' : 'users:status.inactive'),
    t(user.is_password_set ? 'users:status.passwordSet' : 'users:status.invited'),
  ].join(', ');
}

export const roleLabel = (t: TFunction, name: string) => t(`users:roles.${name}`, { defaultValue: name });

/**
 * The export of the users shown (searched and sorted, every page): username, name, e-mail, roles and
 * status, with the project, the search and the number of users as the export's description.
 */
export function usersExport(
  t: TFunction,
  users: readonly User[],
  context: { projectName: string; search: string },
): ExportSettings {
  const records = users.map((user) => ({
    username: user.username,
    name: displayNameOf(user),
    email: user.email,
    roles: user.roles.map((r) => roleLabel(t, r.name)).join(', '),
    status: statusText(t, user),
  }));
  const search = context.search.trim();
  return {
    title: t('users:export.title'),
    subtitle: t('users:export.subtitle', { count: users.length }),
    fileName: t('users:export.fileName'),
    data: [
      sheetFromRecords(t('users:export.sheet'), records, [
        { heading: t('users:columns.username'), key: 'username' },
        { heading: t('users:columns.name'), key: 'name' },
        { heading: t('users:columns.email'), key: 'email' },
        { heading: t('users:columns.roles'), key: 'roles' },
        { heading: t('users:columns.status'), key: 'status' },
      ]),
    ],
    meta: [
      { name: t('users:export.project'), content: context.projectName },
      ...(search ? [{ name: t('users:export.search'), content: search }] : []),
      { name: t('users:export.count'), content: String(users.length) },
    ],
  };
}
