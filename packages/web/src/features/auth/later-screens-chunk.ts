import { loginBody, type LoginBody } from '@vigil/domain';

export { ForgotPasswordForm } from './forgot-password-form.tsx';
export { ForgotPasswordSent } from './forgot-password-sent.tsx';
export { InvalidTokenScreen } from './invalid-token-screen.tsx';
export { PasswordExpiredScreen } from './password-expired-screen.tsx';
export { ProjectSelection } from './project-selection.tsx';
export { ResetPasswordScreen } from './reset-password-screen.tsx';

/** The sign-in form's fields checked: the values to send, or each field's first message. */
export function checkLogin(
  values: LoginBody,
): { data: LoginBody } | { errors: Partial<Record<keyof LoginBody, string>> } {
  const result = loginBody.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Partial<Record<keyof LoginBody, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginBody;
    errors[field] ??= issue.message;
  }
  return { errors };
}
