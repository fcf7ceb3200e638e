import { MESSAGES, type LoginResponse } from '@vigil/domain';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/values.ts';
import { expiredPassword, forbidden, unauthorized } from '../../http/errors.ts';
import { hashPassword, newToken, tokenHash, verifyPassword } from './secrets.ts';
import { loginThrottle } from './throttle.ts';
import { insertToken, revokeToken, setDataContext } from './token-store.ts';
import { findMemberProjectIds, findUserByUsername, touchLastLogin } from './user-store.ts';

const HOUR = 3_600_000;
/** A reset token handed out with ExpiredPasswordError lets the user set a new password at once. */
const EXPIRED_PASSWORD_RESET_MINUTES = 15;

export type SessionService = ReturnType<typeof sessionService>;

/** Sign-in, sign-out and the session's data context; build it once per app (it prepares a decoy hash). */
export function sessionService(app: FastifyInstance) {
  const { db, config } = app;
  const throttle = loginThrottle(db, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    lockMinutes: config.LOGIN_LOCK_MINUTES,
  });
  // Compared against when the username is unknown, so that timing does not reveal which usernames exist.
  const decoyHash = hashPassword('decoy-password', config.PASSWORD_HASH_COST);

  async function issueToken(
    userId: string,
    kind: 'session' | 'reset' | 'invite',
    ttlMs: number,
    dataContext: string | null,
  ) {
    const token = newToken();
    await insertToken(db, {
      userId,
      kind,
      hash: tokenHash(token),
      dataContext,
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
    });
    return token;
  }

  function passwordExpired(user: { is_password_set: number; password_changed_at: string | null }) {
    if (!user.is_password_set) return true;
    if (!config.PASSWORD_MAX_AGE_DAYS || !user.password_changed_at) return false;
    return Date.now() - Date.parse(user.password_changed_at) > config.PASSWORD_MAX_AGE_DAYS * 24 * HOUR;
  }

  return {
    issueToken,

    async login(username: string, password: string, address: string): Promise<LoginResponse> {
      await throttle.assertAllowed(username, address);
      const user = await findUserByUsername(db, username);
      const valid = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyPassword(password, await decoyHash);
      if (!user || !valid || !user.is_active) {
        await throttle.recordFailure(username, address);
        throw unauthorized(MESSAGES.invalidLogin);
      }
      await throttle.recordSuccess(username, address);
      if (passwordExpired(user)) {
        const resetToken = await issueToken(user.id, 'reset', EXPIRED_PASSWORD_RESET_MINUTES * 60_000, null);
        throw expiredPassword({ reset_token: [resetToken] });
      }
      const [firstProject] = await findMemberProjectIds(db, user.id);
      const token = await issueToken(user.id, 'session', config.TOKEN_TTL_HOURS * HOUR, firstProject ?? null);
      await touchLastLogin(db, user.id, nowIso());
      return { token, user_id: user.id };
    },

    async logout(tokenId: string) {
      await revokeToken(db, tokenId);
    },

    async switchDataContext(tokenId: string, userId: string, projectId: string) {
      const projects = await findMemberProjectIds(db, userId);
      if (!projects.includes(projectId)) throw forbidden();
      await setDataContext(db, tokenId, projectId);
      return { data_context: projectId };
    },
  };
}
