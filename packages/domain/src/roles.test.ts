import { describe, expect, it } from 'vitest';
import { receivesNotification, seesEveryNotification } from './roles.ts';

describe('receivesNotification', () => {
  it('gives every member a notification for all, and one for a role to its users and administrators', () => {
    expect(receivesNotification(null, ['Operator'])).toBe(true);
    expect(receivesNotification('Manager', ['Operator'])).toBe(false);
    expect(receivesNotification('Manager', ['Operator', 'Manager'])).toBe(true);
    expect(receivesNotification('Manager', ['Administrator'])).toBe(true);
    expect(receivesNotification('Manager', [])).toBe(false);
    expect(seesEveryNotification(['Administrator'])).toBe(true);
    expect(seesEveryNotification(['Manager', 'Operator'])).toBe(false);
  });
});
