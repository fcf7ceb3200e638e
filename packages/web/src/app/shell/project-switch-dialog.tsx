import CheckIcon from '@mui/icons-material/Check';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { Project } from '@vigil/domain';
import { snackbarsShown, useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { sessionStore } from '../../api/session-store.ts';
import { useSession } from '../../session/session-context.ts';

/** requirements#shell-states and #shell-constants: after a project switch the page reloads about 1000 ms later. */
export const PROJECT_SWITCH_RELOAD_MS = 1000;
/** requirements#shell-screens: the project list scrolls within 400 px. */
const LIST_MAX_HEIGHT = 400;

/** Select project: the user's projects, the current one selected; choosing another switches to it. */
export function ProjectSwitchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { projects, project: current } = useSession();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const switchTo = useMutation({
    mutationFn: (project: Project) => authApi.switchDataContext(project.id),
    onSuccess: (_, project) => {
      // The last project's alerts go: with five of them up (requirements#shell-constants) this message would wait its
      // turn.
      closeSnackbar();
      enqueueSnackbar(t('projectSwitch.switching', { name: project.name }), { variant: 'info' });
      // The page stays as it is while the message shows (counted from when it can show: notistack loads
      // on first use): storing the project re-renders the shell, so it is stored just before the reload
      // starts the application afresh in the new project.
      void snackbarsShown().then(() =>
        window.setTimeout(() => {
          sessionStore.setProject(project.id);
          window.location.reload();
        }, PROJECT_SWITCH_RELOAD_MS),
      );
    },
    onError: (error, project) =>
      enqueueSnackbar(t('projectSwitch.failed', { name: project.name, message: error.message }), { variant: 'error' }),
  });
  const busy = switchTo.isPending || switchTo.isSuccess;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="project-switch-title"
    >
      <DialogTitle id="project-switch-title">{t('projectSwitch.title')}</DialogTitle>
      {busy ? <LinearProgress aria-label={t('projectSwitch.inProgress')} /> : <div style={{ height: 4 }} />}
      <DialogContent dividers sx={{ p: 0 }}>
        <List aria-label={t('projectSwitch.listLabel')} sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto', py: 0 }}>
          {projects.map((project) => {
            const selected = project.id === current.id;
            return (
              <li key={project.id}>
                <ListItemButton
                  selected={selected}
                  aria-current={selected ? 'true' : undefined}
                  disabled={busy}
                  onClick={() => (selected ? onClose() : switchTo.mutate(project))}
                  sx={{ px: 3, py: 1.25 }}
                >
                  <ListItemText
                    primary={project.name}
                    secondary={project.places[0]?.name ?? t('projectSwitch.noPlace')}
                    slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 400 } } }}
                  />
                  {selected && (
                    <ListItemIcon sx={{ minWidth: 0, ml: 2, color: 'primary.main' }}>
                      <CheckIcon titleAccess={t('projectSwitch.current')} />
                    </ListItemIcon>
                  )}
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
