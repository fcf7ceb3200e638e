import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Alert, Box, Breadcrumbs, Button, Card, Link, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { crossSectionQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import { AerialView } from '../../../components/cross-section/aerial-view.tsx';
import { crossSectionDashboardPath, crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { SideView } from '../../../components/cross-section/side-view.tsx';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { useSectionAccess } from '../model/use-section-access.ts';
import { DeleteSectionDialog } from './delete-section-dialog.tsx';
import { HistoryDialog } from './history-dialog.tsx';

/** One section: its side view (with the way to its dashboard), its aerial view, and for curators edit and delete. */
export function SectionViewPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['crossSections', 'common']);
  const { project } = useSession();
  const { canEdit } = useSectionAccess();
  const section = useQuery(crossSectionQuery(project.id, id));
  const [dialog, setDialog] = useState<'history' | 'delete' | null>(null);
  if (section.isError)
    return (
      <Alert
        severity={section.error instanceof ApiError && section.error.isNotFound ? 'warning' : 'error'}
        sx={{ m: 2 }}
      >
        {section.error instanceof ApiError && section.error.isNotFound ? t('view.notFound') : t('view.loadError')}
      </Alert>
    );
  if (!section.data) return <LinearProgress aria-label={t('loading')} />;
  const cs = section.data;
  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1400, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('view.breadcrumbs')} sx={{ fontSize: 13 }}>
        <Link component={RouterLink} to={crossSectionPath()} underline="hover" color="inherit">
          {t('page.title')}
        </Link>
        <Typography variant="caption" color="text.secondary">
          {cs.name}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {cs.name}
          </Typography>
          {cs.description && <Typography color="text.secondary">{cs.description}</Typography>}
          <Typography variant="caption" color="text.secondary">
            {t('view.modified', {
              time: formatDisplayDate(cs.modified_at, i18n.resolvedLanguage ?? 'en-US'),
              user: cs.modified_by ?? t('view.someone'),
            })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button startIcon={<HistoryOutlined />} onClick={() => setDialog('history')}>
            {t('history.open')}
          </Button>
          {canEdit && (
            <>
              <Button startIcon={<DeleteOutlined />} color="error" onClick={() => setDialog('delete')}>
                {t('common:actions.delete')}
              </Button>
              <Button
                variant="contained"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={crossSectionPath(cs.id, true)}
              >
                {t('common:actions.edit')}
              </Button>
            </>
          )}
        </Box>
      </Box>
      <Card variant="outlined" component="section" aria-label={t('sideView.title')} sx={{ p: 1.5, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {t('sideView.title')}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<DashboardOutlined />}
            component={RouterLink}
            to={crossSectionDashboardPath('safety-state', cs.id)}
          >
            {t('dashboard.go')}
          </Button>
        </Box>
        <SideView section={cs} projectId={project.id} height={460} />
      </Card>
      <Card variant="outlined" component="section" aria-label={t('aerial.title')} sx={{ p: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('aerial.title')}
        </Typography>
        <AerialView section={cs} projectId={project.id} height={380} />
      </Card>
      <HistoryDialog open={dialog === 'history'} section={cs} onClose={() => setDialog(null)} />
      <DeleteSectionDialog open={dialog === 'delete'} section={cs} onClose={() => setDialog(null)} />
    </Box>
  );
}
