import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import { Button, IconButton, List, ListItem, ListItemButton, ListItemText, Stack, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReportTemplate } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalText } from '../../../api/api-error.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { useSession } from '../../../session/session-context.ts';
import { reportTemplatesQuery } from '../api/reports-api.ts';
import { useReportAccess } from '../model/use-report-access.ts';
import { useDeleteTemplate } from '../model/use-report-mutations.ts';
import { GenerateDialog } from '../reports/generate-dialog.tsx';

/** The templates tab: each template with its period, schedule and sections; opened to edit (or read), generated, deleted. */
export function TemplatesList() {
  const { t } = useTranslation('reports');
  const { project } = useSession();
  const navigate = useNavigate();
  const { canEdit } = useReportAccess();
  const templates = useQuery(reportTemplatesQuery(project.id));
  const remove = useDeleteTemplate();
  const [generating, setGenerating] = useState<ReportTemplate | null>(null);
  const deleting = useConfirmedMutation<ReportTemplate>({
    mutation: remove,
    done: (template) => t('templates.deleted', { name: template.name }),
  });
  const open = (id: string) => void navigate(`/reports/templates/${encodeURIComponent(id)}`);
  const newButton = canEdit && (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => open('new')}>
      {t('actions.newTemplate')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <LoadedList query={templates} loadingLabel={t('states.loading')} rowHeight={64} failed={t('templates.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<SummarizeOutlined />}
              title={t('templates.emptyTitle')}
              hint={t(canEdit ? 'templates.emptyBody' : 'templates.emptyBodyReader')}
              action={newButton || undefined}
            />
          ) : (
            <>
              {newButton && (
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  {newButton}
                </Stack>
              )}
              <List
                aria-label={t('templates.label')}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}
              >
                {list.map((template, index) => (
                  <ListItem
                    key={template.id}
                    divider={index < list.length - 1}
                    disablePadding
                    secondaryAction={
                      canEdit && (
                        <Stack direction="row">
                          <Tooltip title={t('actions.generate')}>
                            <IconButton
                              aria-label={t('templates.generateNamed', { name: template.name })}
                              onClick={() => setGenerating(template)}
                            >
                              <PlayArrowOutlined />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('actions.deleteTemplate')}>
                            <IconButton
                              edge="end"
                              aria-label={t('templates.deleteNamed', { name: template.name })}
                              onClick={() => deleting.ask(template)}
                            >
                              <DeleteOutlined />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      )
                    }
                    sx={canEdit ? { '& .MuiListItemButton-root': { pr: 12 } } : undefined}
                  >
                    <ListItemButton onClick={() => open(template.id)}>
                      <ListItemText
                        primary={template.name}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                        secondary={[
                          t(`periods.${template.period}`),
                          t('templates.sectionCount', { count: template.sections.length }),
                          template.schedule
                            ? t('templates.scheduled', { every: t(`every.${template.schedule.every}`) })
                            : t('templates.onDemand'),
                          template.recipients.length
                            ? t('templates.recipientCount', { count: template.recipients.length })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </>
          )
        }
      </LoadedList>
      {generating && <GenerateDialog templates={[generating]} onClose={() => setGenerating(null)} />}
      <ConfirmDialog
        {...deleting.dialogProps}
        title={t('templates.deleteTitle', { name: deleting.subject?.name ?? '' })}
        body={t('templates.deleteBody')}
        confirmLabel={t('actions.delete')}
        failure={remove.error ? refusalText(remove.error, t('templates.deleteFailed')) : null}
      />
    </Stack>
  );
}
