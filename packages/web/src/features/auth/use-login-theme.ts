import { createTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { createAppTheme } from '../../theme/create-app-theme.ts';
import type { ThemeFile } from '../../theme/theme-file.ts';
import { useThemeFile } from '../../theme/use-theme-file.ts';

/** Before sign-in there is no project: the login page always wears the default theme. */
export const LOGIN_THEME_FOLDER = 'default';

export type LoginThemeSection = NonNullable<ThemeFile['login']>;

/** A theme file's image path: absolute as written, or relative to the theme's folder. */
export function themeAsset(folder: string, path: string | undefined): string | undefined {
  if (!path) return undefined;
  return /^(\/|data:|https?:)/.test(path) ? path : `/themes/${folder}/${path}`;
}

/** The login page's MUI theme and theme-file login section; on a missing file, Vigil's defaults. */
export function useLoginTheme() {
  const file = useThemeFile(LOGIN_THEME_FOLDER);
  const muiTheme = useMemo(
    // Sentence-case buttons read more calmly on a page made of a few words and a form.
    () =>
      createTheme(createAppTheme(file.data), {
        components: { MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } } },
      }),
    [file.data],
  );
  const login = useMemo((): LoginThemeSection => {
    const section = file.data?.login ?? {};
    const images = section.backgroundImages ?? {};
    const asset = (path: string | undefined) => themeAsset(LOGIN_THEME_FOLDER, path);
    return {
      ...section,
      logoImage: asset(section.logoImage),
      backgroundImages: { mobile: asset(images.mobile), tablet: asset(images.tablet), desktop: asset(images.desktop) },
    };
  }, [file.data]);
  return { isPending: file.isPending, muiTheme, login };
}
