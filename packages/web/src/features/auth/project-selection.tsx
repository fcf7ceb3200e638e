import { ArrowBack } from '@mui/icons-material';
import { Alert, Button, RadioGroup, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { ProjectOption } from './project-option.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import type { PendingSession } from './sign-in-api.ts';

/** The list scrolls within this height (requirements#shell-screens). */
export const PROJECT_LIST_MAX_HEIGHT = 400;

interface Props {
  session: PendingSession;
  onBack(): void;
  onChosen(projectId: string): void;
}

/** A user of several projects picks one; the first is chosen until another is (requirements#shell-screens). */
export function ProjectSelection({ session, onBack, onChosen }: Props) {
  const { t } = useTranslation('auth');
  const [chosen, setChosen] = useState(session.projects[0]!.id);
  const choose = useMutation({
    mutationFn: (projectId: string) => authApi.switchDataContext(projectId, session.token),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate(chosen, { onSuccess: () => onChosen(chosen) });
  };

  return (
    <Stack component="form" spacing={2.5} onSubmit={submit}>
      <ScreenHeading title={t('projects.title')} intro={t('projects.intro')} focus />
      {choose.isError && <Alert severity="error">{t('projects.error')}</Alert>}
      <RadioGroup
        aria-label={t('projects.label')}
        name="project"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        sx={{ maxHeight: PROJECT_LIST_MAX_HEIGHT, overflowY: 'auto', flexWrap: 'nowrap', gap: 1, p: 0.25 }}
      >
        {session.projects.map((project) => (
          <ProjectOption key={project.id} project={project} selected={project.id === chosen} />
        ))}
      </RadioGroup>
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" size="large" startIcon={<ArrowBack />} onClick={onBack} disabled={choose.isPending}>
          {t('projects.back')}
        </Button>
        <Button type="submit" variant="contained" size="large" loading={choose.isPending} sx={{ flex: 1 }}>
          {t('projects.continue')}
        </Button>
      </Stack>
    </Stack>
  );
}
