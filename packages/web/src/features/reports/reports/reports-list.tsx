import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import { Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { useSession } from '../../../session/session-context.ts';
import { reportsQuery, reportTemplatesQuery } from '../api/reports-api.ts';
import { useReportAccess } from '../model/use-report-access.ts';
import { GenerateDialog } from './generate-dialog.tsx';
import { ReportCard } from './report-card.tsx';

/** The reports tab: every report newest first, with its progress while it is made, its PDF and its review. */
export function ReportsList() {
  const { t } = useTranslation('reports');
  const { project } = useSession();
  const navigate = useNavigate();
  const { canEdit } = useReportAccess();
  const reports = useQuery(reportsQuery(project.id));
  const templates = useQuery(reportTemplatesQuery(project.id));
  const [generating, setGenerating] = useState(false);
  const templateList = templates.data ?? [];
  const noTemplates = templates.isSuccess && templateList.length === 0;

  const action =
    canEdit &&
    (noTemplates ? (
      <Button variant="contained" onClick={() => void navigate('/reports/templates/new')}>
        {t('actions.newTemplate')}
      </Button>
    ) : (
      <Button
        variant="contained"
        startIcon={<PlayArrowOutlined />}
        disabled={!templateList.length}
        onClick={() => setGenerating(true)}
      >
        {t('actions.generate')}
      </Button>
    ));

  return (
    <Stack spacing={2}>
      <LoadedList query={reports} loadingLabel={t('states.loading')} rowHeight={120} failed={t('reports.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<SummarizeOutlined />}
              title={t('reports.emptyTitle')}
              hint={t(
                !canEdit ? 'reports.emptyBodyReader' : noTemplates ? 'reports.emptyNoTemplates' : 'reports.emptyBody',
              )}
              action={action || undefined}
            />
          ) : (
            <>
              {action && (
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  {action}
                </Stack>
              )}
              <Stack
                component="ul"
                spacing={1.5}
                aria-label={t('reports.label')}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {list.map((report) => (
                  <li key={report.id}>
                    <ReportCard report={report} />
                  </li>
                ))}
              </Stack>
            </>
          )
        }
      </LoadedList>
      {generating && <GenerateDialog templates={templateList} onClose={() => setGenerating(false)} />}
    </Stack>
  );
}
