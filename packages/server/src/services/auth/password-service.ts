import { MESSAGES, type ChangePasswordBody, type PasswordTokenOwner } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../http/auth-hook.ts';
import { nowIso } from '../../db/values.ts';
import { unauthorized, validationError } from '../../http/errors.ts';
import { passwordLink, resetLinkBase } from './password-links.ts';
import { hashPassword, verifyPassword } from './secrets.ts';
import type { SessionService } from './session-service.ts';
import { loginThrottle } from './throttle.ts';
import { revokeUserTokens } from './token-store.ts';
import { findActiveUsersByEmail, findUserById, updateUser } from './user-store.ts';

const HOUR = 3_600_000;
export const RESET_TOKEN_TTL_MS = HOUR;

export const PASSWORD_TEXTS = {
  forgotSent: 'If an active account uses this e-mail address, a message with a reset link has been sent to it.',
  passwordSet: 'Your password has been set.',
  passwordChanged: 'Your password has been changed.',
} as const;

/** Forgotten, reset and changed passwords. */
export function passwordService(app: FastifyInstance, sessions: SessionService) {
  const { db, config, mailer } = app;
  const throttle = loginThrottle(db, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    lockMinutes: config.LOGIN_LOCK_MINUTES,
  });

  async function storePassword(userId: string, password: string) {
    const hash = await hashPassword(password, config.PASSWORD_HASH_COST);
    const now = nowIso();
    await updateUser(db, userId, {
      password_hash: hash,
      password_changed_at: now,
      is_password_set: 1,
      updated_at: now,
    });
  }

  return {
    /** Mails a reset link to every active user with this address; the answer never tells whether one exists. */
    async forgotPassword(email: string, suggestedLink: string | undefined): Promise<void> {
      const base = resetLinkBase(config.PUBLIC_URL, suggestedLink);
      for (const user of await findActiveUsersByEmail(db, email)) {
        const token = await sessions.issueToken(user.id, 'reset', RESET_TOKEN_TTL_MS, null);
        const link = passwordLink(base, token, user.username);
        try {
          await mailer.send({
            to: user.email,
            subject: 'Reset your Vigil password',
            text: `Hello ${user.first_name || user.username},\n\nTo choose a new password, open this link within an hour:\n\n${link}\n\nIf you did not ask for this, ignore this message.`,
          });
        } catch (error) {
          // A failed send must not answer differently from an unknown address.
          app.log.error({ err: error }, 'could not send the password reset e-mail');
        }
      }
    },

    async tokenOwner(userId: string): Promise<PasswordTokenOwner> {
      const user = await findUserById(db, userId);
      if (!user) throw unauthorized(MESSAGES.invalidToken);
      return { username: user.username, email: user.email };
    },

    /** Sets the password of a reset/invite token's user; every other way into the account is closed. */
    async resetPassword(actor: Actor, password: string): Promise<void> {
      await storePassword(actor.userId, password);
      await revokeUserTokens(db, actor.userId, ['reset', 'invite', 'session']);
      // Whoever holds a reset link owns the account: an earlier lock-out no longer protects anything.
      await throttle.forgetUser(actor.username);
    },

    /** Checks the current password (throttled like login) and keeps only the caller's own session. */
    async changePassword(actor: Actor, body: ChangePasswordBody, address: string): Promise<void> {
      await throttle.assertAllowed(actor.username, address);
      const user = await findUserById(db, actor.userId);
      if (!user || !(await verifyPassword(body.current_password, user.password_hash))) {
        await throttle.recordFailure(actor.username, address);
        throw validationError(MESSAGES.currentPasswordIncorrect, {
          current_password: [MESSAGES.currentPasswordIncorrect],
        });
      }
      await storePassword(actor.userId, body.new_password);
      await revokeUserTokens(db, actor.userId, ['reset', 'invite', 'session'], actor.tokenId);
    },
  };
}
