import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('writes sizes below 1 KB in whole bytes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1023)).toBe('1023 B');
  });

  it('counts in 1024 units with one decimal', () => {
    expect(formatSize(1024)).toBe('1.0 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(1024 * 1024)).toBe('1.0 MB');
    expect(formatSize(10_485_760)).toBe('10.0 MB');
    expect(formatSize(2.25 * 1024 ** 3)).toBe('2.3 GB');
  });

  it('carries a size that rounds up to 1024 into the next unit', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatSize(1024 * 1023.9)).toBe('1023.9 KB');
  });

  it("uses the interface language's decimal mark", () => {
    expect(formatSize(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatSize(1536, 'ru')).toBe('1,5 KB');
  });

  it('is empty when the size is not known', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(undefined)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
  });
});
