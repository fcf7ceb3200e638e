import GroupWorkOutlined from '@mui/icons-material/GroupWorkOutlined';
import { Box, Checkbox, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { PermissionGroup, RoleObject } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionGroupsQuery, useUpdateRole } from './api/roles-api.ts';
import { EmptyState, LoadError, LoadingRows } from './components/load-states.tsx';
import { OptionCard } from './components/option-card.tsx';
import { SaveBar } from './components/save-bar.tsx';
import { Section } from './components/section.tsx';
import { useNames } from './model/names.ts';
import { useFailureMessage } from './model/use-failure-message.ts';

/** The permission groups a role grants: every group as a card to tick, saved together. */
export function RolePermissionGroups({ role }: { role: RoleObject }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const groups = useQuery(permissionGroupsQuery());
  const stored = role.permission_groups.map((g) => g.id);
  return (
    <Section
      title={t('groups.title')}
      description={t('groups.description', { role: names.role(role.name) })}
      aside={
        groups.data && (
          <Chip size="small" label={t('groups.count', { selected: stored.length, total: groups.data.length })} />
        )
      }
    >
      {groups.isPending ? (
        <LoadingRows rows={4} label={t('groups.loading')} />
      ) : groups.isError ? (
        <LoadError title={t('groups.loadError')} error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState icon={<GroupWorkOutlined />} title={t('groups.emptyTitle')} body={t('groups.emptyBody')} />
      ) : (
        // Keyed by what is stored: after a save, or a change elsewhere, the form starts over from it.
        <GroupsForm key={`${role.id}|${stored.join()}`} role={role} groups={groups.data} stored={stored} />
      )}
    </Section>
  );
}

function GroupsForm({ role, groups, stored }: { role: RoleObject; groups: PermissionGroup[]; stored: string[] }) {
  const { t } = useTranslation('roles');
  const names = useNames();
  const { enqueueSnackbar } = useSnackbar();
  const failureMessage = useFailureMessage();
  const update = useUpdateRole();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(stored));
  const dirty = selected.size !== stored.length || stored.some((id) => !selected.has(id));

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function save() {
    const roleName = names.role(role.name);
    try {
      // In the order the groups are listed, unknown ones left out: the server refuses those.
      const ids = groups.filter((g) => selected.has(g.id)).map((g) => g.id);
      await update.mutateAsync({ roleId: role.id, changes: { permission_groups: ids } });
      enqueueSnackbar(t('groups.saved', { role: roleName }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(t('groups.saveError', { role: roleName, reason: failureMessage(error) }), { variant: 'error' });
    }
  }

  return (
    <>
      <Box
        role="group"
        aria-label={t('groups.title')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {groups.map((group) => (
          <OptionCard
            key={group.id}
            checked={selected.has(group.id)}
            disabled={update.isPending}
            title={group.name}
            description={group.description}
            extra={
              group.permissions.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
                  {group.permissions.map((permission) => (
                    <Chip
                      key={permission}
                      label={permission}
                      size="small"
                      variant="outlined"
                      sx={{ fontFamily: 'monospace', fontSize: 11, height: 22 }}
                    />
                  ))}
                </Box>
              )
            }
            control={({ labelledBy, describedBy }) => (
              <Checkbox
                checked={selected.has(group.id)}
                disabled={update.isPending}
                onChange={(event) => toggle(group.id, event.target.checked)}
                slotProps={{ input: { 'aria-labelledby': labelledBy, 'aria-describedby': describedBy } }}
              />
            )}
          />
        ))}
      </Box>
      <SaveBar
        dirty={dirty}
        saving={update.isPending}
        onSave={() => void save()}
        onDiscard={() => setSelected(new Set(stored))}
        note={dirty ? t('unsaved') : undefined}
      />
    </>
  );
}
