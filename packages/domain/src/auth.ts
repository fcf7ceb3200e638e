import { z } from 'zod';
import { idSchema } from './api.ts';
import { MESSAGES } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PROFILE_NAME_MIN = 2;
export const PROFILE_NAME_MAX = 50;

/** name@domain with a 2 to 4 letter ending (requirements#shell-validation). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

const requiredText = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required);
export const emailSchema = requiredText.regex(EMAIL_PATTERN, MESSAGES.invalidEmail);
export const newPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(256);

export const loginBody = z.strictObject({
  username: requiredText.max(150),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({ token: z.string(), user_id: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const forgotPasswordBody = z.strictObject({
  email: emailSchema,
  reset_password_link: z.string().max(2048).optional(),
});

function passwordsMatch(value: { new_password: string; confirm_password: string }) {
  return value.new_password === value.confirm_password;
}
const mismatch = { message: MESSAGES.passwordsMustMatch, path: ['confirm_password'] };

export const resetPasswordBody = z
  .strictObject({
    new_password: newPasswordSchema,
    confirm_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
  })
  .refine(passwordsMatch, mismatch);

export const changePasswordBody = z
  .strictObject({
    current_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
    new_password: newPasswordSchema,
    confirm_password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
  })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Profile name: 2 to 50 characters; letters (any script), hyphens, apostrophes and spaces. */
export const personNameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .min(PROFILE_NAME_MIN, MESSAGES.nameLength)
  .max(PROFILE_NAME_MAX, MESSAGES.nameLength)
  .regex(/^[\p{L}\p{M}' -]+$/u, MESSAGES.nameCharacters);

export const switchDataContextBody = z.strictObject({ data_context: idSchema });
