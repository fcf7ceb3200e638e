import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../session/session-context.ts';
import { moduleInfoOf } from './module-info.ts';
import { NoticePage } from './notice-page.tsx';

/** A module the user's role does not include (requirements#shell-screens module gating). */
export function NotAllowedPage() {
  const { t } = useTranslation('shell');
  const { project } = useSession();
  const location = useLocation();
  const info = moduleInfoOf(location.pathname, location.search);
  const module = info ? t(`modules.${info.key}.title`) : location.pathname;
  return (
    <NoticePage
      tone="warning"
      icon={<LockOutlined />}
      title={t('notAllowed.title')}
      body={t('notAllowed.body', { module, project: project.name })}
      action={{ label: t('common:actions.goHome'), to: '/gohome' }}
    />
  );
}
