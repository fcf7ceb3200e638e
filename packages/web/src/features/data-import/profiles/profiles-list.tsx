import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import {
  Alert,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Tooltip,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ImportProfile } from '@vigil/domain';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalText } from '../../../api/api-error.ts';
import { useSession } from '../../../session/session-context.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { importProfilesQuery } from '../api/import-profiles-api.ts';
import { useDeleteProfile } from '../model/use-profile-mutations.ts';

/** The profiles tab: each profile with its format and mapped columns; opened to edit, or deleted. */
export function ProfilesList() {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const profiles = useQuery(importProfilesQuery(project.id));
  const remove = useDeleteProfile();
  const [deleting, setDeleting] = useState<ImportProfile | null>(null);
  const open = (id: string) => void navigate(`/data-import/profiles/${encodeURIComponent(id)}`);
  const newButton = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => open('new')}>
      {t('actions.newProfile')}
    </Button>
  );
  const close = () => {
    remove.reset();
    setDeleting(null);
  };

  return (
    <Stack spacing={2}>
      {profiles.isPending ? (
        <Stack spacing={1} aria-label={t('states.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : profiles.isError ? (
        <Alert severity="error" action={<Button onClick={() => void profiles.refetch()}>{t('actions.retry')}</Button>}>
          {t('profiles.loadError')}
        </Alert>
      ) : profiles.data.length === 0 ? (
        <EmptyState
          icon={<TuneOutlined />}
          title={t('profiles.emptyTitle')}
          hint={t('profiles.emptyBody')}
          action={newButton}
        />
      ) : (
        <>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            {newButton}
          </Stack>
          <List aria-label={t('profiles.label')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, py: 0 }}>
            {profiles.data.map((profile, index) => (
              <ListItem
                key={profile.id}
                divider={index < profiles.data.length - 1}
                disablePadding
                secondaryAction={
                  <Tooltip title={t('actions.deleteProfile')}>
                    <IconButton
                      edge="end"
                      aria-label={t('profiles.deleteNamed', { name: profile.name })}
                      onClick={() => setDeleting(profile)}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemButton onClick={() => open(profile.id)}>
                  <ListItemText
                    primary={profile.name}
                    secondary={t('profiles.summary', {
                      format: t(`formats.${profile.format}`),
                      columns: profile.columns.length,
                      timezone: profile.timezone,
                    })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('profiles.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('profiles.deleteBody')}
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        failure={remove.error ? refusalText(remove.error, t('profiles.deleteFailed')) : null}
        onClose={close}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar(t('profiles.deleted', { name: deleting.name }), { variant: 'success' });
              close();
            },
          })
        }
      />
    </Stack>
  );
}
