import { describe, expect, it } from 'vitest';
import { LOGIN_BOX_POSITIONS } from '../../theme/theme-file.ts';
import { loginBoxAlignment } from './login-box-position.ts';

describe('login box position', () => {
  it('places the box in each of the nine positions', () => {
    const placed = LOGIN_BOX_POSITIONS.map((p) => {
      const { alignItems, justifyItems } = loginBoxAlignment(p);
      return `${alignItems}/${justifyItems}`;
    });
    expect(placed).toEqual([
      'start/start',
      'start/center',
      'start/end',
      'center/start',
      'center/center',
      'center/end',
      'end/start',
      'end/center',
      'end/end',
    ]);
  });

  it('centres the box when the theme names no known position', () => {
    expect(loginBoxAlignment(undefined)).toEqual({ alignItems: 'center', justifyItems: 'center' });
    expect(loginBoxAlignment('middle')).toEqual({ alignItems: 'center', justifyItems: 'center' });
  });
});
