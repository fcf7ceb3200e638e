import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A certificate for 127.0.0.1 made with Debian's openssl, in `dir`: what lets a test or a bench serve
 * HTTPS and HTTP/2 as a real site would (ADR 0043); its client is told to trust it.
 */
export function selfSignedCertificate(dir: string) {
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { TLS_CERT_FILE: cert, TLS_KEY_FILE: key };
}

/**
 * Chromium's `--ignore-certificate-errors-spki-list` value for a certificate: the browser then takes
 * it as valid, and caches what it serves as it would a real site's (with a certificate error it caches
 * nothing).
 */
export function spkiHash(certFile: string) {
  const spki = createPublicKey(readFileSync(certFile)).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
