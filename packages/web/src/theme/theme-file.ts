/** The per-project theme file, /themes/{project}/theme.json (requirements#shell-entities: theme login section). */
export interface ThemeFile {
  name?: string;
  palette?: {
    primary?: { main: string; contrastText?: string };
    secondary?: { main: string; contrastText?: string };
    background?: { default?: string; paper?: string };
  };
  login?: {
    backgroundColor?: string;
    backgroundImages?: { mobile?: string; tablet?: string; desktop?: string };
    logoImage?: string;
    logoAlt?: string;
    /** one of nine: top-left … bottom-right */
    loginBoxPosition?: LoginBoxPosition;
    links?: Array<{ title: string; url: string }>;
    linkColor?: string;
  };
}

export const LOGIN_BOX_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
export type LoginBoxPosition = (typeof LOGIN_BOX_POSITIONS)[number];

/** Default palette (requirements#shell-entities): primary dark blue, secondary light blue. */
export const DEFAULT_PALETTE = {
  primary: { main: '#12355b' },
  secondary: { main: '#5fa8d3' },
} as const;

/** The theme folder of a project (attrs.theme), or the default one before sign-in. */
export function themeFolder(project?: { attrs?: { theme?: unknown }; slug?: string } | null): string {
  const folder = project?.attrs?.theme ?? project?.slug;
  return typeof folder === 'string' && /^[a-z0-9-]+$/.test(folder) ? folder : 'default';
}
