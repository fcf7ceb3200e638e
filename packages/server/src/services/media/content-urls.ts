import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isPublicMedia, mediaContentPath } from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { MediaFileRow, MediaStore } from './media-store.ts';

const HOUR_S = 3600;
const EXPIRES = /^\d{1,12}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

/** Where a file's bytes are served: the path of a public file, and the base of a private one's signed URL. */
export const contentPath = mediaContentPath;

/** The URL a file's bytes are read at, for the files presented in one answer. */
export type ContentUrlOf = (file: Pick<MediaFileRow, 'id' | 'attrs'>) => string;

/**
 * URLs of files' bytes (ADR 0025): a public file's own path; a private file's path with `expires`
 * and an HMAC-SHA256 `signature` of its id and that time, since an <img>, a <video> or a link cannot
 * send the session's header. Expiry is rounded up to a whole hour and one more, so that a file keeps
 * one URL for an hour and browsers cache it. The key is kept in the database, so that every server
 * on it signs and checks alike.
 */
export function contentUrls(store: Pick<MediaStore, 'signingSecret'>) {
  let key: Promise<Buffer> | undefined;
  const signingKey = () =>
    (key ??= store.signingSecret(randomBytes(32).toString('hex')).then(
      (hex) => Buffer.from(hex, 'hex'),
      (error: unknown) => {
        key = undefined;
        throw error;
      },
    ));
  const sign = (secret: Buffer, id: string, expires: number) =>
    createHmac('sha256', secret).update(`${id}:${expires}`).digest('hex');

  return {
    /** The URL maker for files presented at `now` (ms). */
    async at(now = Date.now()): Promise<ContentUrlOf> {
      const secret = await signingKey();
      const expires = (Math.ceil(now / 1000 / HOUR_S) + 1) * HOUR_S;
      return (file) =>
        isPublicMedia(fromJson(file.attrs, {}))
          ? contentPath(file.id)
          : `${contentPath(file.id)}?expires=${expires}&signature=${sign(secret, file.id, expires)}`;
    },

    /** Whether `expires` and `signature` are a URL this service signed for file `id`, not yet expired. */
    async verify(id: string, expires: string | undefined, signature: string | undefined, now = Date.now()) {
      if (!expires || !signature || !EXPIRES.test(expires) || !SIGNATURE.test(signature)) return false;
      if (Number(expires) * 1000 <= now) return false;
      const expected = Buffer.from(sign(await signingKey(), id, Number(expires)), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}

export type ContentUrls = ReturnType<typeof contentUrls>;
