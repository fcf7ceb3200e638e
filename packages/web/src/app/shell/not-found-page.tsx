import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NoticePage } from './notice-page.tsx';

/** An address that is no page of the application. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <NoticePage
      tone="neutral"
      icon={<SearchOffOutlined />}
      title={t('notFound.title')}
      body={t('notFound.body', { path: pathname })}
      action={{ label: t('common:actions.goHome'), to: '/gohome' }}
    />
  );
}
