import { describe, expect, it } from 'vitest';
import { passwordLink, resetLinkBase } from './password-links.ts';

const PUBLIC = 'https://vigil.example.org';

describe('reset link base', () => {
  it('falls back to the reset-password screen', () => {
    expect(resetLinkBase(PUBLIC, undefined).href).toBe(`${PUBLIC}/reset-password`);
  });

  it('accepts a path or a same-origin URL', () => {
    expect(resetLinkBase(PUBLIC, '/app/reset').href).toBe(`${PUBLIC}/app/reset`);
    expect(resetLinkBase(PUBLIC, `${PUBLIC}/x?y=1`).href).toBe(`${PUBLIC}/x?y=1`);
  });

  it('refuses other origins, protocol-relative paths, relative paths and junk', () => {
    for (const link of [
      'https://evil.example/reset',
      'http://vigil.example.org/reset',
      '//evil.example',
      '/\\evil.example',
      'reset',
      'javascript:alert(1)',
      '::',
    ]) {
      expect(resetLinkBase(PUBLIC, link).href, link).toBe(`${PUBLIC}/reset-password`);
    }
  });
});

describe('password link', () => {
  it('appends the URL-encoded token and username, replacing any given ones', () => {
    const base = new URL(`${PUBLIC}/reset-password?token=old&lang=ja#frag`);
    expect(passwordLink(base, 'abc_-1', 'ana+lima@x')).toBe(
      `${PUBLIC}/reset-password?lang=ja&token=abc_-1&username=ana%2Blima%40x`,
    );
  });
});
