import { Box, Breadcrumbs, Chip, Link, Stack, Typography } from '@mui/material';
import type { DashboardPage, StateType } from '@vigil/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pagePath } from '../model/dashboard-paths.ts';

/** Breadcrumbs from root to the page, its child pages, and the page's actions. */
export function DashboardHeader({
  stateType,
  trail,
  children,
  actions,
}: {
  stateType: StateType;
  trail: DashboardPage[];
  children: DashboardPage[];
  actions?: ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  const page = trail.at(-1)!;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Breadcrumbs aria-label={t('page.breadcrumbs')} sx={{ fontSize: 13 }}>
            <Typography variant="caption" color="text.secondary">
              {t(`stateType.${stateType}`)}
            </Typography>
            {trail.slice(0, -1).map((p) => (
              <Link
                key={p.path}
                component={RouterLink}
                to={pagePath(stateType, p.path)}
                underline="hover"
                color="inherit"
              >
                {p.title}
              </Link>
            ))}
          </Breadcrumbs>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {page.title}
          </Typography>
        </Box>
        {actions}
      </Box>
      {children.length > 0 && (
        <Stack
          component="nav"
          aria-label={t('page.childPages')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}
        >
          {children.map((child) => (
            <Chip
              key={child.path}
              label={child.title}
              component={RouterLink}
              to={pagePath(stateType, child.path)}
              clickable
              variant="outlined"
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
