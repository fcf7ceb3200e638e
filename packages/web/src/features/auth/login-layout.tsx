import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loginBoxAlignment } from './login-box-position.ts';
import { LoginFooter } from './login-footer.tsx';
import type { LoginThemeSection } from './use-login-theme.ts';

/** Login card width on non-small screens (requirements#shell-constants). */
export const LOGIN_CARD_MIN_WIDTH = 520;

const cssUrl = (path: string | undefined) => (path ? `url("${path}")` : 'none');

/**
 * The full login page from the theme: background colour and per-device image (phone xs, tablet sm,
 * desktop md and up), the card in one of nine positions with the logo, and the footer links.
 */
export function LoginLayout({ login, children }: { login: LoginThemeSection; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const { mobile, tablet, desktop } = login.backgroundImages ?? {};
  const { alignItems, justifyItems } = loginBoxAlignment(login.loginBoxPosition);
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: login.backgroundColor ?? 'primary.dark',
        backgroundImage: {
          xs: cssUrl(mobile ?? tablet ?? desktop),
          sm: cssUrl(tablet ?? desktop),
          md: cssUrl(desktop ?? tablet),
        },
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundRepeat: 'no-repeat',
      }}
    >
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'grid',
          alignItems,
          // Where the card takes most of the width (phones, portrait tablets) it is centred across.
          justifyItems: { xs: 'center', md: justifyItems },
          p: { xs: 2, sm: 4, md: 6 },
        }}
      >
        <Paper
          elevation={12}
          sx={{
            width: { xs: '100%', sm: LOGIN_CARD_MIN_WIDTH },
            minWidth: { sm: LOGIN_CARD_MIN_WIDTH },
            maxWidth: '100%',
            px: { xs: 3, sm: 6 },
            py: { xs: 4, sm: 5 },
            borderRadius: 3,
          }}
        >
          {login.logoImage && (
            <Box
              component="img"
              src={login.logoImage}
              alt={t(login.logoAlt ?? 'logoAlt', { defaultValue: login.logoAlt })}
              sx={{ display: 'block', height: { xs: 40, sm: 48 }, maxWidth: '100%', mb: { xs: 3, sm: 4 } }}
            />
          )}
          {children}
        </Paper>
      </Box>
      <LoginFooter links={login.links} linkColor={login.linkColor} />
    </Box>
  );
}
