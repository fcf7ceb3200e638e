import { LOGIN_BOX_POSITIONS, type LoginBoxPosition } from '../../theme/theme-file.ts';

type Alignment = 'start' | 'center' | 'end';
const ALIGN: Record<string, Alignment> = { top: 'start', left: 'start', center: 'center', bottom: 'end', right: 'end' };

/**
 * Grid alignment of the login box for one of the theme's nine positions (requirements#shell-screens), e.g.
 * 'bottom-right' → end/end; 'center' alone means both axes. Unknown values centre the box.
 */
export function loginBoxAlignment(position: string | undefined): { alignItems: Alignment; justifyItems: Alignment } {
  const known = LOGIN_BOX_POSITIONS.includes(position as LoginBoxPosition) ? position! : 'center';
  const [vertical, horizontal = vertical] = known.split('-');
  return { alignItems: ALIGN[vertical!]!, justifyItems: ALIGN[horizontal!]! };
}
