import { describe, expect, it } from 'vitest';
import { humanize } from './names.ts';

describe('humanize', () => {
  it('turns a feature key nobody translated into words', () => {
    expect(humanize('crossSectionsLayer')).toBe('Cross sections layer');
    expect(humanize('bulk_import')).toBe('Bulk import');
    expect(humanize('export')).toBe('Export');
  });
});
