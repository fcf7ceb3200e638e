import { Box, Button, Paper, Stack, Typography, type Theme } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NoticePageProps {
  icon: ReactNode;
  title: string;
  body: ReactNode;
  /** a label and route for the way on, if any */
  action?: { label: string; to: string };
  /** a small line under the body, e.g. a release note */
  badge?: ReactNode;
  tone?: 'primary' | 'warning' | 'neutral';
}

const TONES = {
  primary: (theme: Theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.1), color: theme.palette.primary.main }),
  warning: (theme: Theme) => ({ bgcolor: alpha(theme.palette.warning.main, 0.16), color: theme.palette.warning.dark }),
  neutral: (theme: Theme) => ({ bgcolor: theme.palette.action.selected, color: theme.palette.text.secondary }),
};

/** A centred page that explains where the user is: module placeholders, not allowed, not found. */
export function NoticePage({ icon, title, body, action, badge, tone = 'primary' }: NoticePageProps) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: { xs: 'auto', md: 'calc(100vh - 160px)' }, py: 4 }}>
      <Paper
        variant="outlined"
        sx={{ maxWidth: 560, width: '100%', px: { xs: 3, sm: 6 }, py: { xs: 4, sm: 6 }, textAlign: 'center' }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              ...TONES[tone](theme),
              width: 72,
              height: 72,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              '& svg': { fontSize: 36 },
            })}
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, fontSize: { xs: 22, sm: 26 } }}>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
            {body}
          </Typography>
          {badge}
          {action && (
            <Button component={Link} to={action.to} variant="contained" disableElevation sx={{ mt: 1 }}>
              {action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
