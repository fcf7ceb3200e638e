import { Alert, AlertTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { SaveError } from '../../../components/forms/save-error.tsx';
import { refusalKey } from '../model/field-message.ts';

/** Why a report call was refused: the domain's reasons in the interface language, else the server's words. */
export function RefusalAlert({ error, title }: { error: unknown; title: string }) {
  const { t } = useTranslation('reports');
  const key = refusalKey(error);
  if (!key) return <SaveError error={error} title={title} fallback={refusalText(error, t('states.tryAgain'))} />;
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{title}</AlertTitle>
      {t(key)}
    </Alert>
  );
}
