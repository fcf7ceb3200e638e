import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TarpLevel } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmsApi, tarpLevelsQuery } from '../../api/alarms.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../session/session-context.ts';
import { TarpLevelForm } from './tarp-level-form.tsx';

/**
 * The project's TARP (trigger, action, response plan): which alarm colours reach each level, its
 * required actions, who acknowledges and by when, and whom it escalates to. Administrators edit it.
 */
export function TarpLevelsView() {
  const { t } = useTranslation('alarms');
  const { project, activeRole } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const stored = useQuery(tarpLevelsQuery(project.id));
  const [levels, setLevels] = useState<TarpLevel[] | null>(null);
  useEffect(() => {
    if (stored.data) setLevels(stored.data.levels);
  }, [stored.data]);
  const editable = activeRole.name === 'Administrator';
  const save = useMutation({
    mutationFn: (next: TarpLevel[]) => alarmsApi.saveTarpLevels(next),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.rules.tarpLevels(project.id), data);
      enqueueSnackbar(t('tarp.saved'), { variant: 'success' });
    },
  });

  if (stored.isError) return <Alert severity="error">{t('tarp.failed')}</Alert>;
  if (!levels) return <Skeleton variant="rounded" height={200} />;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {editable ? t('tarp.introAdmin') : t('tarp.intro')}
      </Typography>
      <Stack spacing={2}>
        {levels.map((level, i) => (
          <TarpLevelForm
            key={level.key}
            level={level}
            disabled={!editable}
            onChange={(next) => setLevels(levels.map((l, j) => (j === i ? next : l)))}
          />
        ))}
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {save.error.message}
        </Alert>
      )}
      {editable && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => save.mutate(levels.map((l) => ({ ...l, actions: l.actions.filter((a) => a.trim()) })))}
          >
            {t('actions.save')}
          </Button>
          <Button onClick={() => setLevels(stored.data!.levels)}>{t('actions.reset')}</Button>
        </Stack>
      )}
    </Box>
  );
}
