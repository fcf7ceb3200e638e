import { lazy } from 'react';

/**
 * The login route's screens other than the sign-in form, in a chunk of their own: the login page
 * shows its form without them (and without zod, which their forms and the sign-in check use), and
 * asks for them once the form is up, so that they are there by the time anyone needs them.
 */
const load = () => import('./later-screens-chunk.ts');

export const ForgotPasswordForm = lazy(async () => ({ default: (await load()).ForgotPasswordForm }));
export const ForgotPasswordSent = lazy(async () => ({ default: (await load()).ForgotPasswordSent }));
export const InvalidTokenScreen = lazy(async () => ({ default: (await load()).InvalidTokenScreen }));
export const PasswordExpiredScreen = lazy(async () => ({ default: (await load()).PasswordExpiredScreen }));
export const ProjectSelection = lazy(async () => ({ default: (await load()).ProjectSelection }));
export const ResetPasswordScreen = lazy(async () => ({ default: (await load()).ResetPasswordScreen }));

/** The sign-in form's check (zod's schema of requirements#shell-validation), from the same chunk. */
export const checkLogin = async (...args: Parameters<Awaited<ReturnType<typeof load>>['checkLogin']>) =>
  (await load()).checkLogin(...args);

/** Asks for the chunk while the user types. */
export function preloadLaterScreens() {
  void load().catch(() => undefined);
}
