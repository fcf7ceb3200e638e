import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const KEY_LENGTH = 32;

/** scrypt (memory-hard, ADR 0003); the stored string carries its own parameters so the cost can rise. */
export async function hashPassword(password: string, log2Cost: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** log2Cost;
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return `scrypt$${log2Cost}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, cost, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const N = 2 ** Number(cost);
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return timingSafeEqual(actual, expected);
}

/** Opaque bearer tokens: 256 random bits shown once; only their SHA-256 is stored (ADR 0002). */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
