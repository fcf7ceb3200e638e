import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoginThemeSection } from './use-login-theme.ts';

/**
 * The theme's footer links in its link colour. A link title is a key of auth.json when one exists
 * (so the default theme's links are translated), else shown as the theme file writes it.
 */
export function LoginFooter({ links = [], linkColor }: Pick<LoginThemeSection, 'links' | 'linkColor'>) {
  const { t } = useTranslation('auth');
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        columnGap: 3,
        rowGap: 1,
        px: 3,
        py: 1.5,
        color: 'common.white',
        bgcolor: 'rgba(6, 18, 34, 0.62)',
        backdropFilter: 'blur(6px)',
      }}
    >
      <Typography variant="body2" sx={{ opacity: 0.85, textAlign: 'center' }}>
        {t('footer.product', { year: new Date().getFullYear() })}
      </Typography>
      {links.length > 0 && (
        <Box
          component="nav"
          aria-label={t('footer.label')}
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 0.5 }}
        >
          {links.map((link) => {
            const external = /^https?:/.test(link.url);
            return (
              <Link
                key={link.url}
                href={link.url}
                variant="body2"
                underline="hover"
                sx={{ color: linkColor ?? 'secondary.light', fontWeight: 500 }}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {t(link.title, { defaultValue: link.title })}
              </Link>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
