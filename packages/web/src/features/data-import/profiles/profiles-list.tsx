import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { Button, IconButton, List, ListItem, ListItemButton, ListItemText, Stack, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ImportProfile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { refusalText } from '../../../api/api-error.ts';
import { useSession } from '../../../session/session-context.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { importProfilesQuery } from '../api/import-profiles-api.ts';
import { useDeleteProfile } from '../model/use-profile-mutations.ts';

/** The profiles tab: each profile with its format and mapped columns; opened to edit, or deleted. */
export function ProfilesList() {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const navigate = useNavigate();
  const profiles = useQuery(importProfilesQuery(project.id));
  const remove = useDeleteProfile();
  const deleting = useConfirmedMutation<ImportProfile>({
    mutation: remove,
    done: (profile) => t('profiles.deleted', { name: profile.name }),
  });
  const open = (id: string) => void navigate(`/data-import/profiles/${encodeURIComponent(id)}`);
  const newButton = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => open('new')}>
      {t('actions.newProfile')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <LoadedList query={profiles} loadingLabel={t('states.loading')} rowHeight={56} failed={t('profiles.loadError')}>
        {(list) =>
          list.length === 0 ? (
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
                {list.map((profile, index) => (
                  <ListItem
                    key={profile.id}
                    divider={index < list.length - 1}
                    disablePadding
                    secondaryAction={
                      <Tooltip title={t('actions.deleteProfile')}>
                        <IconButton
                          edge="end"
                          aria-label={t('profiles.deleteNamed', { name: profile.name })}
                          onClick={() => deleting.ask(profile)}
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
          )
        }
      </LoadedList>
      <ConfirmDialog
        {...deleting.dialogProps}
        title={t('profiles.deleteTitle', { name: deleting.subject?.name ?? '' })}
        body={t('profiles.deleteBody')}
        confirmLabel={t('actions.delete')}
        failure={remove.error ? refusalText(remove.error, t('profiles.deleteFailed')) : null}
      />
    </Stack>
  );
}
