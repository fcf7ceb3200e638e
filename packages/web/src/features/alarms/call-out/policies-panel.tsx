import AddOutlined from '@mui/icons-material/AddOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EscalationPolicy, TarpLevel } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { tarpLevelsQuery } from '../../../api/alarms.ts';
import { callOutApi, policiesQuery, rostersQuery } from '../../../api/call-out.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { StateDot } from '../../../components/state/state-dot.tsx';
import { STATE_PAINT } from '../../../components/state/state-paint.ts';
import { useSession } from '../../../session/session-context.ts';
import { PolicyDialog, type PolicySubject } from './policy-dialog.tsx';
import { PolicyTestResult } from './policy-test-result.tsx';
import { stepText, type Names } from './policy-text.ts';
import { SectionHeader } from './section-header.tsx';
import { useCallOutPeople } from './use-call-out-people.ts';

/**
 * The escalation policies, under the TARP level whose alarms they call out: ordered steps, a repeat
 * until acknowledged, and a button that runs a policy on a test alarm.
 */
export function PoliciesPanel({ onOpenAlarm }: { onOpenAlarm(id: string): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const client = useQueryClient();
  const people = useCallOutPeople();
  const policies = useQuery(policiesQuery(project.id));
  const levels = useQuery(tarpLevelsQuery(project.id));
  const rosters = useQuery(rostersQuery(project.id));
  const [editing, setEditing] = useState<PolicySubject | null>(null);
  const remove = useMutation({
    mutationFn: callOutApi.removePolicy,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.callOut.policies(project.id) }),
  });
  const removing = useConfirmedMutation<EscalationPolicy>({
    mutation: remove,
    done: (policy) => t('callOut.policies.deleted', { name: policy.name }),
  });
  const names: Names = {
    roster: (id) => rosters.data?.find((r) => r.id === id)?.name ?? null,
    user: people.nameOf,
  };
  return (
    <Box component="section" aria-labelledby="call-out-policies">
      <SectionHeader id="call-out-policies" title={t('callOut.policies.heading')} intro={t('callOut.policies.intro')} />
      {levels.isError && <Alert severity="error">{t('tarp.failed')}</Alert>}
      <LoadedList
        query={policies}
        loadingLabel={t('callOut.loading')}
        rowHeight={120}
        failed={t('callOut.policies.loadFailed')}
      >
        {(list) => {
          const known = levels.data?.levels ?? [];
          // a policy whose level was since removed from the TARP still shows, under its key
          const orphans = list.filter((p) => !known.some((l) => l.key === p.tarp_level));
          return (
            <Stack spacing={2.5}>
              {known.map((level) => (
                <LevelPolicies
                  key={level.key}
                  level={level}
                  policies={list.filter((p) => p.tarp_level === level.key)}
                  editor={people.editor}
                  names={names}
                  onNew={() => setEditing({ policy: null, tarpLevel: level.key })}
                  onEdit={(policy) => setEditing({ policy })}
                  onDelete={removing.ask}
                  onOpenAlarm={onOpenAlarm}
                />
              ))}
              {orphans.map((policy) => (
                <PolicyCard
                  key={policy.id}
                  policy={policy}
                  editor={people.editor}
                  names={names}
                  onEdit={() => setEditing({ policy })}
                  onDelete={() => removing.ask(policy)}
                  onOpenAlarm={onOpenAlarm}
                />
              ))}
            </Stack>
          );
        }}
      </LoadedList>
      <PolicyDialog subject={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...removing.dialogProps}
        title={t('callOut.policies.deleteTitle', { name: removing.subject?.name ?? '' })}
        body={t('callOut.policies.deleteBody')}
        confirmLabel={t('callOut.delete')}
        failure={remove.error ? refusalText(remove.error, t('callOut.policies.deleteFailed')) : null}
      />
    </Box>
  );
}

function LevelPolicies({
  level,
  policies,
  editor,
  names,
  onNew,
  onEdit,
  onDelete,
  onOpenAlarm,
}: {
  level: TarpLevel;
  policies: EscalationPolicy[];
  editor: boolean;
  names: Names;
  onNew(): void;
  onEdit(policy: EscalationPolicy): void;
  onDelete(policy: EscalationPolicy): void;
  onOpenAlarm(id: string): void;
}) {
  const { t } = useTranslation('alarms');
  return (
    <Box role="group" aria-label={t('callOut.policies.ofLevel', { level: level.name })}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <StateDot state={level.colour} size={12} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {level.name}
        </Typography>
        {editor && (
          <Button size="small" startIcon={<AddOutlined />} onClick={onNew}>
            {t('callOut.policies.new')}
          </Button>
        )}
      </Stack>
      {policies.length === 0 ? (
        <EmptyState
          icon={<CampaignOutlined />}
          title={t('callOut.policies.emptyTitle', { level: level.name })}
          hint={t('callOut.policies.emptyHint')}
        />
      ) : (
        <Stack spacing={1.5} sx={{ borderLeft: 4, borderColor: STATE_PAINT[level.colour], pl: 1.5 }}>
          {policies.map((policy) => (
            <PolicyCard
              key={policy.id}
              policy={policy}
              editor={editor}
              names={names}
              onEdit={() => onEdit(policy)}
              onDelete={() => onDelete(policy)}
              onOpenAlarm={onOpenAlarm}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PolicyCard({
  policy,
  editor,
  names,
  onEdit,
  onDelete,
  onOpenAlarm,
}: {
  policy: EscalationPolicy;
  editor: boolean;
  names: Names;
  onEdit(): void;
  onDelete(): void;
  onOpenAlarm(id: string): void;
}) {
  const { t, i18n } = useTranslation('alarms');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const test = useMutation({ mutationFn: () => callOutApi.testPolicy(policy.id) });
  return (
    <Paper variant="outlined" component="article" aria-label={policy.name} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mb: 1 }}>
        <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{policy.name}</Typography>
        {editor && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" onClick={() => test.mutate()} loading={test.isPending}>
              {t('callOut.test.button')}
            </Button>
            <Button size="small" onClick={onEdit}>
              {t('callOut.edit')}
            </Button>
            <Button size="small" color="error" onClick={onDelete}>
              {t('callOut.delete')}
            </Button>
          </Stack>
        )}
      </Stack>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {policy.steps.map((step, i) => (
          <Typography key={i} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {stepText(t, step, names, locale)}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {policy.repeat_minutes === null
          ? t('callOut.policies.once')
          : t('callOut.policies.repeats', { count: policy.repeat_minutes })}
      </Typography>
      {test.isSuccess && (
        <PolicyTestResult
          policy={policy}
          alarmId={test.data.alarm_id}
          names={names}
          onOpenAlarm={onOpenAlarm}
          onClose={() => test.reset()}
        />
      )}
      {test.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => test.reset()}>
          {refusalText(test.error, t('callOut.test.failed'))}
        </Alert>
      )}
    </Paper>
  );
}
