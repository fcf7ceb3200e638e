import type { LoginBody } from '@vigil/domain';
import type { SignInFailure } from './auth-messages.ts';
import type { PendingSession } from './sign-in-api.ts';

/**
 * The logout reasons the login page explains (requirements#shell-states): 401 → expired, 403 Forbidden → unauthorized.
 */
export const LOGOUT_REASONS = ['expired', 'unauthorized'] as const;
export type LogoutReason = (typeof LOGOUT_REASONS)[number];

/** The modes of the one login screen (requirements#shell-screens); it switches between them in place. */
export type LoginMode =
  | {
      name: 'sign-in';
      username?: string;
      reason?: LogoutReason;
      failure?: SignInFailure;
      notice?: 'password-changed';
    }
  | { name: 'forgot-password' }
  | { name: 'forgot-password-sent'; email: string }
  | { name: 'reset-password'; token: string; username?: string }
  | { name: 'invalid-token' }
  | { name: 'password-expired'; username: string; resetToken: string }
  | { name: 'logging-in'; credentials: LoginBody }
  | { name: 'project-selection'; session: PendingSession; username: string };

/** What another route may ask the login page to open with (react-router location state). */
export interface LoginLocationState {
  mode?: 'forgot-password';
  notice?: 'password-changed';
}

export function initialMode(pathname: string, params: URLSearchParams, state: unknown): LoginMode {
  if (pathname === '/reset-password') {
    const token = params.get('token');
    if (!token) return { name: 'invalid-token' };
    return { name: 'reset-password', token, username: params.get('username') || undefined };
  }
  const asked = (state ?? {}) as LoginLocationState;
  if (asked.mode === 'forgot-password') return { name: 'forgot-password' };
  const reason = params.get('reason');
  return {
    name: 'sign-in',
    reason: LOGOUT_REASONS.includes(reason as LogoutReason) ? (reason as LogoutReason) : undefined,
    notice: asked.notice,
  };
}
