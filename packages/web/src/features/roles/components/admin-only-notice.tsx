import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import { Alert, AlertTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-context.ts';
import { useNames } from '../model/names.ts';

/**
 * Shown instead of the editors when the module is open to a role that is not Administrator: the
 * server refuses them every change here, and a refused call would end their session.
 */
export function AdminOnlyNotice() {
  const { t } = useTranslation('roles');
  const { project, activeRole } = useSession();
  const names = useNames();
  return (
    <Alert severity="info" variant="outlined" icon={<AdminPanelSettingsOutlined />}>
      <AlertTitle>{t('adminOnly.title')}</AlertTitle>
      {t('adminOnly.body', { role: names.role(activeRole.name), project: project.name })}
    </Alert>
  );
}
