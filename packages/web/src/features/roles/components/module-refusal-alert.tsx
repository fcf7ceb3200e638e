import { Alert, AlertTitle } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import type { ModuleRefusal } from '../model/refusal.ts';

/** The server's OWN_MODULE_REMOVAL refusal in words, brought into view where the change was tried. */
export function ModuleRefusalAlert({ refusal, onClose }: { refusal: ModuleRefusal | null; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { project } = useSession();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [refusal]);
  if (!refusal) return null;
  return (
    <Alert
      ref={ref}
      severity="error"
      onClose={onClose}
      sx={{ mb: 2, scrollMarginTop: 88 }}
      closeText={t('actions.dismiss')}
    >
      <AlertTitle>{t('refusal.title')}</AlertTitle>
      {t('refusal.body', { role: refusal.roleName, module: refusal.moduleName, project: project.name })}
    </Alert>
  );
}
