import AddOutlined from '@mui/icons-material/AddOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Roster, RosterOnCall } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { callOutApi, onCallQuery, rostersQuery } from '../../../api/call-out.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { useSession } from '../../../session/session-context.ts';
import { onCallText } from './on-call-text.ts';
import { RosterDialog, type RosterSubject } from './roster-dialog.tsx';
import { SectionHeader } from './section-header.tsx';
import { useCallOutPeople } from './use-call-out-people.ts';

/** The project's on-call rosters, each with who is on call now and next; administrators and managers edit them. */
export function RostersPanel() {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const client = useQueryClient();
  const { editor } = useCallOutPeople();
  const rosters = useQuery(rostersQuery(project.id));
  const onCall = useQuery(onCallQuery(project.id));
  const [editing, setEditing] = useState<RosterSubject | null>(null);
  const remove = useMutation({
    mutationFn: callOutApi.removeRoster,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.callOut.rosters(project.id) }),
  });
  const removing = useConfirmedMutation<Roster>({
    mutation: remove,
    done: (roster) => t('callOut.rosters.deleted', { name: roster.name }),
  });
  return (
    <Box component="section" aria-labelledby="call-out-rosters">
      <SectionHeader
        id="call-out-rosters"
        title={t('callOut.rosters.heading')}
        intro={t('callOut.rosters.intro')}
        action={
          editor && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ roster: null })}>
              {t('callOut.rosters.new')}
            </Button>
          )
        }
      />
      <LoadedList
        query={rosters}
        loadingLabel={t('callOut.loading')}
        rowHeight={120}
        failed={t('callOut.rosters.loadFailed')}
      >
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              icon={<GroupsOutlined />}
              title={t('callOut.rosters.emptyTitle')}
              hint={editor ? t('callOut.rosters.emptyHint') : t('callOut.rosters.emptyHintReader')}
            />
          ) : (
            <Stack
              component="ul"
              spacing={1.5}
              aria-label={t('callOut.rosters.heading')}
              sx={{ m: 0, p: 0, listStyle: 'none' }}
            >
              {list.map((roster) => (
                <RosterCard
                  key={roster.id}
                  roster={roster}
                  onCall={onCall.data?.find((entry) => entry.roster_id === roster.id)}
                  onEdit={editor ? () => setEditing({ roster }) : undefined}
                  onDelete={editor ? () => removing.ask(roster) : undefined}
                />
              ))}
            </Stack>
          )
        }
      </LoadedList>
      <RosterDialog subject={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...removing.dialogProps}
        title={t('callOut.rosters.deleteTitle', { name: removing.subject?.name ?? '' })}
        body={t('callOut.rosters.deleteBody')}
        confirmLabel={t('callOut.delete')}
        failure={remove.error ? refusalText(remove.error, t('callOut.rosters.deleteFailed')) : null}
      />
    </Box>
  );
}

function RosterCard({
  roster,
  onCall,
  onEdit,
  onDelete,
}: {
  roster: Roster;
  onCall: RosterOnCall | undefined;
  onEdit?(): void;
  onDelete?(): void;
}) {
  const { t, i18n } = useTranslation('alarms');
  const { nameOf } = useCallOutPeople();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const name = (id: string) => nameOf(id) ?? t('callOut.anotherMember');
  const turn = onCall && onCallText(t, onCall, nameOf, locale);
  return (
    <Paper component="li" variant="outlined" aria-label={roster.name} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Typography
          variant="h6"
          component="h3"
          sx={{ fontSize: '1.05rem', flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {roster.name}
        </Typography>
        {onEdit && <Button onClick={onEdit}>{t('callOut.edit')}</Button>}
        {onDelete && (
          <Button color="error" onClick={onDelete}>
            {t('callOut.delete')}
          </Button>
        )}
      </Stack>
      {turn && (
        <Box sx={{ mb: 1.5, p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {turn.now}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {turn.next}
          </Typography>
        </Box>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr' } }}
      >
        <Detail label={t('callOut.rosters.members')}>
          <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {roster.members.map((id, index) => (
              <Chip key={`${id}-${index}`} size="small" label={`${index + 1}. ${name(id)}`} />
            ))}
          </Stack>
        </Detail>
        <Detail label={t('callOut.rosters.shiftHours')}>
          {t('callOut.rosters.hours', { count: roster.shift_hours })}
        </Detail>
        <Detail label={t('callOut.rosters.startsAt')}>
          {t('callOut.rosters.startsIn', {
            at: formatDisplayDate(roster.starts_at, locale),
            timezone: roster.timezone,
          })}
        </Detail>
      </Box>
      {roster.overrides.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {t('callOut.rosters.overrides')}
          </Typography>
          {roster.overrides.map((o, i) => (
            <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('callOut.rosters.overrideShown', {
                name: name(o.user_id),
                from: formatDisplayDate(o.from, locale),
                to: formatDisplayDate(o.to, locale),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
