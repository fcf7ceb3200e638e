import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@vigil/domain';

export { ForgotPasswordForm } from './forgot-password-form.tsx';
export { ForgotPasswordSent } from './forgot-password-sent.tsx';
export { InvalidTokenScreen } from './invalid-token-screen.tsx';
export { PasswordExpiredScreen } from './password-expired-screen.tsx';
export { ProjectSelection } from './project-selection.tsx';
export { ResetPasswordScreen } from './reset-password-screen.tsx';

export const loginResolver = zodResolver(loginBody);
