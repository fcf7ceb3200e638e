import { authApi } from '../../api/auth.ts';
import { uiApi } from '../../api/ui.ts';
import type { ProfileChanges } from './profile-form-values.ts';

/** Saves what changed: the name on the auth user (first_name), the language on the project profile. */
export async function saveProfileChanges(userId: string, projectId: string, changes: ProfileChanges) {
  if (changes.firstName !== undefined) await authApi.updateUser(userId, { first_name: changes.firstName });
  if (changes.locale !== undefined)
    await uiApi.updateProfile(projectId, userId, { profile: { locale: changes.locale } });
}
