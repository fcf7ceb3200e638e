import { Box, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alarm } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmsApi, tarpLevelsQuery } from '../../api/alarms.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../session/session-context.ts';

/** The required actions of the alarm's TARP level, ticked off as they are done (each tick is in the history). */
export function TarpChecklist({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const queryClient = useQueryClient();
  const level = useQuery(tarpLevelsQuery(project.id)).data?.levels.find((l) => l.key === alarm.tarp_level);
  const key = queryKeys.rules.alarm(project.id, alarm.id);
  // The box ticks at once; a failure puts it back.
  const check = useMutation({
    mutationFn: ({ index, done }: { index: number; done: boolean }) => alarmsApi.check(alarm.id, index, done),
    onMutate: ({ index, done }) => {
      const before = queryClient.getQueryData<Alarm>(key);
      if (before) {
        const items = new Set(before.checklist_done);
        if (done) items.add(index);
        else items.delete(index);
        queryClient.setQueryData<Alarm>(key, { ...before, checklist_done: [...items].sort((a, b) => a - b) });
      }
      return { before };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.rules.alarms(project.id) }),
  });
  // The box shows the click in the same frame: the cache's update and its render come a task later.
  const stored = alarm.checklist_done.join(',');
  const [clicked, setClicked] = useState<{ stored: string; ticks: Record<number, boolean> }>({ stored, ticks: {} });
  const ticks = clicked.stored === stored ? clicked.ticks : {};
  if (!level) return null;
  const done = new Set(alarm.checklist_done);
  const tick = (index: number, checked: boolean) => {
    setClicked({ stored, ticks: { ...ticks, [index]: checked } });
    check.mutate({ index, done: checked }, { onError: () => setClicked({ stored: '', ticks: {} }) });
  };
  return (
    <Box component="section" aria-label={t('checklist.label', { level: level.name })}>
      <Typography variant="subtitle2" component="h3">
        {t('checklist.heading', { level: level.name })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('checklist.responsible', { role: level.responsible_role })}
        {level.ack_deadline_minutes
          ? ` · ${t('checklist.deadline', { count: level.ack_deadline_minutes, role: level.escalate_to_role })}`
          : ''}
      </Typography>
      <Stack>
        {level.actions.map((action, index) => (
          <FormControlLabel
            key={index}
            control={
              <Checkbox checked={ticks[index] ?? done.has(index)} onChange={(_, checked) => tick(index, checked)} />
            }
            label={action}
          />
        ))}
      </Stack>
    </Box>
  );
}
