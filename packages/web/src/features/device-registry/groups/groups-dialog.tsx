import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { BasicGroup } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery, groupsQuery, type DeviceChoice } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { useDeleteGroup, useSaveGroup } from '../api/groups-api.ts';
import { RegistryHistoryDialog, type HistorySubject } from '../history/registry-history-dialog.tsx';
import { DevicePicker } from '../../../components/device-picker/device-picker.tsx';

/** The project's basic groups (those dashboards and maps use): created, renamed, devices added and removed. */
export function GroupsDialog({ open, onClose, canEdit }: { open: boolean; onClose(): void; canEdit: boolean }) {
  const { t } = useTranslation('deviceRegistry');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { project } = useSession();
  const groups = useQuery({ ...groupsQuery(project.id), enabled: open });
  const [editing, setEditing] = useState<BasicGroup | 'new' | null>(null);
  const [history, setHistory] = useState<HistorySubject | null>(null);
  return (
    <Dialog open={open} onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('groups.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}>
          <Box>
            {canEdit && (
              <Button startIcon={<AddOutlined />} onClick={() => setEditing('new')} sx={{ mb: 1 }}>
                {t('groups.new')}
              </Button>
            )}
            {groups.isPending && <Skeleton variant="rounded" height={120} />}
            {groups.isError && <Alert severity="error">{t('groups.loadError')}</Alert>}
            {groups.data?.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('groups.none')}
              </Typography>
            )}
            <List dense aria-label={t('groups.list')}>
              {groups.data?.map((group) => (
                <ListItemButton
                  key={group.id}
                  selected={editing !== 'new' && editing?.id === group.id}
                  onClick={() => setEditing(group)}
                >
                  <ListItemText
                    primary={group.title}
                    secondary={t('groups.devices', { count: group.device_profiles.length })}
                  />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Box>
            {editing ? (
              <GroupEditor
                key={editing === 'new' ? 'new' : editing.id}
                group={editing === 'new' ? null : editing}
                canEdit={canEdit}
                onDone={() => setEditing(null)}
                onHistory={(group) => setHistory({ kind: 'basic-groups', id: group.id, title: group.title })}
              />
            ) : (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('groups.pick')}
              </Typography>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
      <RegistryHistoryDialog subject={history} onClose={() => setHistory(null)} />
    </Dialog>
  );
}

function GroupEditor({
  group,
  canEdit,
  onDone,
  onHistory,
}: {
  group: BasicGroup | null;
  canEdit: boolean;
  onDone(): void;
  onHistory(group: BasicGroup): void;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const { project } = useSession();
  const choices = useQuery(deviceChoicesQuery(project.id));
  const [title, setTitle] = useState(group?.title ?? '');
  const [ids, setIds] = useState<string[]>(group?.device_profiles ?? []);
  const save = useSaveGroup();
  const remove = useDeleteGroup();
  const byId = useMemo(() => new Map((choices.data ?? []).map((d) => [d.id, d])), [choices.data]);
  const chosen = ids.map((id) => byId.get(id)).filter((d): d is DeviceChoice => Boolean(d));
  return (
    <Stack spacing={2} component="section" aria-label={group?.title ?? t('groups.new')}>
      <TextField
        label={t('groups.name')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        slotProps={{ input: { readOnly: !canEdit } }}
      />
      <DevicePicker
        multiple
        devices={choices.data ?? []}
        loading={choices.isPending}
        value={chosen}
        readOnly={!canEdit}
        onChange={(value) => setIds(value.map((d) => d.id))}
        getOptionLabel={(d) => `${d.eid} · ${d.title}`}
        filterSelectedOptions
        label={t('groups.members')}
      />
      {(save.isError || remove.isError) && <Alert severity="error">{t('groups.saveError')}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {group && <Button onClick={() => onHistory(group)}>{t('actions.history')}</Button>}
        {group && canEdit && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(group.id, { onSuccess: onDone })}
          >
            {t('actions.delete')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {canEdit && (
          <Button
            variant="contained"
            disabled={!title.trim() || save.isPending}
            onClick={() =>
              save.mutate(
                { id: group?.id ?? null, title: title.trim(), devices: ids },
                {
                  onSuccess: () => {
                    enqueueSnackbar(t('groups.saved', { title: title.trim() }), { variant: 'success' });
                    onDone();
                  },
                },
              )
            }
          >
            {t(group ? 'actions.save' : 'actions.create')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
