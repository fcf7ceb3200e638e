import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FileDrop } from '../../../components/file-drop/file-drop.tsx';
import { importProfilesQuery } from '../api/import-profiles-api.ts';
import { useUploads } from '../model/use-uploads.ts';
import { UploadCard } from './upload-card.tsx';

/** The import tab: a profile picked, files dropped against it, each followed to its result. */
export function ImportPanel() {
  const { t } = useTranslation('dataImport');
  const { project } = useSession();
  const navigate = useNavigate();
  const profiles = useQuery(importProfilesQuery(project.id));
  const [picked, setPicked] = useState('');
  const { uploads, send, dismiss } = useUploads();
  const list = profiles.data ?? [];
  // One profile is the one to use; with several the user picks.
  const profile = list.find((p) => p.id === picked) ?? (list.length === 1 ? list[0] : undefined);
  const newProfile = () => void navigate('/data-import/profiles/new');

  if (profiles.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void profiles.refetch()}>{t('actions.retry')}</Button>}>
        {t('profiles.loadError')}
      </Alert>
    );
  if (profiles.isSuccess && list.length === 0)
    return (
      <EmptyState
        icon={<TuneOutlined />}
        title={t('import.noProfileTitle')}
        hint={t('import.noProfileBody')}
        action={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={newProfile}>
            {t('actions.newProfile')}
          </Button>
        }
      />
    );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('import.profile')}
          value={profile?.id ?? ''}
          onChange={(event) => setPicked(event.target.value)}
          disabled={!profiles.isSuccess}
          sx={{ minWidth: { sm: 320 } }}
        >
          {list.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {t('import.profileOption', { name: p.name, format: t(`formats.${p.format}`) })}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<EditOutlined />}
            disabled={!profile}
            onClick={() => profile && void navigate(`/data-import/profiles/${encodeURIComponent(profile.id)}`)}
          >
            {t('actions.editProfile')}
          </Button>
          <Button startIcon={<AddOutlined />} onClick={newProfile}>
            {t('actions.newProfile')}
          </Button>
        </Stack>
      </Stack>
      <FileDrop
        multiple
        disabled={!profile}
        label={t('import.filesLabel')}
        title={profile ? t('import.drop') : t('import.pickProfile')}
        hint={t('import.dropHint')}
        browse={t('import.browse')}
        refused={t('import.refused')}
        onFiles={(files) => profile && send(files, profile.id)}
      />
      {uploads.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label={t('import.sent')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {uploads.map((upload) => (
            <UploadCard key={upload.key} upload={upload} onDismiss={() => dismiss(upload.key)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
