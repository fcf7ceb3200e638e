import { Box, Stack, Typography } from '@mui/material';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error.ts';
import { journalApi } from '../../api/journal.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { deviceProfileQuery } from '../../api/registry.ts';
import { useSession } from '../../session/session-context.ts';
import { useOnline } from '../../components/network/use-online.ts';
import { useNow } from '../../components/dates/use-now.ts';
import { DeviceReadingCard } from './components/device-reading-card.tsx';
import { RoundActions } from './components/round-actions.tsx';
import { RoundPicker } from './components/round-picker.tsx';
import { DiscardDialog, EmptyRound, RoundDone } from './components/round-states.tsx';
import { problemsByDevice, roundPayloads, type DeviceProblems } from './model/payloads.ts';
import { addDevices, removeDevice, setReadAt, setValue } from './model/round.ts';
import { summarizeRound, type DeviceState } from './model/round-summary.ts';
import { submitRound, type Submitted } from './model/submit-round.ts';
import { useStoredRound } from './model/use-stored-round.ts';
import { checkDevice } from './model/value-checks.ts';

/**
 * /data-entry, "Latest data entry" (issue 22): a field round of one or more devices, each value checked
 * against the scheme's invalid bounds and the device's limits as it is typed. The round is kept in the
 * browser until it is submitted, as one data session of manual readings sent through ingest.
 */
export function DataEntryPage() {
  const { project, user } = useSession();
  // another project or user is another round
  return <DataEntry key={`${project.id}.${user.id}`} projectId={project.id} userId={user.id} />;
}

function DataEntry({ projectId, userId }: { projectId: string; userId: string }) {
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const queryClient = useQueryClient();
  const { round, update, discard, kept } = useStoredRound(projectId, userId);
  const online = useOnline();
  const now = useNow(15_000);
  const [done, setDone] = useState<Submitted | null>(null);
  const [problems, setProblems] = useState<DeviceProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState(false);

  const profiles = useQueries({
    queries: round.devices.map((d) => ({ ...deviceProfileQuery(d.entity_type, d.id), retry: 1 })),
  });
  const states = new Map<string, DeviceState>(
    round.devices.map((d, i) => {
      const profile = profiles[i];
      const values = round.entries[d.id]?.values ?? {};
      return [d.id, { check: profile?.data ? checkDevice(profile.data, values) : null, failed: !!profile?.isError }];
    }),
  );
  const summary = summarizeRound(round, states, now);
  const locked = Boolean(round.submission?.result);

  const sessionTitle = t('round.sessionTitle', {
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(round.startedAt),
    ),
  });
  const submit = useMutation({
    mutationFn: () =>
      submitRound(journalApi, round, sessionTitle, (submission) => update((r) => ({ ...r, submission }))),
    onMutate: () => {
      setFailure(null);
      setProblems({});
    },
    onSuccess: (submitted) => {
      setDone(submitted);
      discard();
      void queryClient.invalidateQueries({ queryKey: queryKeys.journal.all(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['metrics'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.isValidation) {
        const placed = problemsByDevice(error.details, roundPayloads(round, '').deviceIds);
        setProblems(placed.problems);
        setFailure(placed.general.length ? placed.general.join(' ') : t('submit.refused'));
      } else if (error instanceof ApiError) setFailure(t('submit.failed', { message: error.message }));
      else setFailure(t('submit.offline'));
    },
  });

  const edit = (deviceId: string, field: string) =>
    setProblems((all) => {
      if (!all[deviceId]?.[field]) return all;
      const own = { ...all[deviceId] };
      delete own[field];
      return { ...all, [deviceId]: own };
    });

  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('page.intro')}
      </Typography>
      {done ? (
        <RoundDone done={done} onNewRound={() => setDone(null)} />
      ) : (
        <>
          {!locked && (
            <RoundPicker inRound={round.devices} onAdd={(d) => update((r) => addDevices(r, d, new Date()))} />
          )}
          {round.devices.length === 0 ? (
            <EmptyRound />
          ) : (
            <Stack spacing={2}>
              {round.devices.map((device, i) => (
                <DeviceReadingCard
                  key={device.id}
                  device={device}
                  entry={round.entries[device.id] ?? { values: {}, readAt: '' }}
                  profile={profiles[i]!}
                  check={states.get(device.id)?.check ?? null}
                  problems={problems[device.id]}
                  locked={locked}
                  now={now}
                  onValue={(key, text) => {
                    edit(device.id, key);
                    update((r) => setValue(r, device.id, key, text));
                  }}
                  onReadAt={(local) => {
                    edit(device.id, 'read_at');
                    update((r) => setReadAt(r, device.id, local));
                  }}
                  onRemove={() => update((r) => removeDevice(r, device.id))}
                />
              ))}
            </Stack>
          )}
          {round.devices.length > 0 && (
            <RoundActions
              summary={summary}
              online={online}
              kept={kept}
              submitting={submit.isPending}
              resuming={locked}
              failure={failure}
              onSubmit={() => submit.mutate()}
              onDiscard={() => setDiscarding(true)}
            />
          )}
        </>
      )}
      <DiscardDialog
        open={discarding}
        onClose={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          setFailure(null);
          setProblems({});
          discard();
        }}
      />
    </Box>
  );
}
