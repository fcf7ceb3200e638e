import { Alert, AlertTitle, Link } from '@mui/material';
import type { EscalationPolicy } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { stepText, type Names } from './policy-text.ts';

/** What the test alarm sets going: the first step now, then the others unless someone acknowledges, and its log. */
export function PolicyTestResult({
  policy,
  alarmId,
  names,
  onOpenAlarm,
  onClose,
}: {
  policy: EscalationPolicy;
  alarmId: string;
  names: Names;
  onOpenAlarm(id: string): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('alarms');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const [first, ...later] = policy.steps;
  return (
    <Alert severity="success" onClose={onClose} sx={{ mt: 1.5 }} role="status">
      <AlertTitle>{t('callOut.test.raised')}</AlertTitle>
      {first && `${stepText(t, first, names, locale)}.`}{' '}
      {later.length > 0 && t('callOut.test.later', { count: later.length })} {t('callOut.test.acknowledge')}{' '}
      <Link component="button" type="button" onClick={() => onOpenAlarm(alarmId)} sx={{ verticalAlign: 'baseline' }}>
        {t('callOut.test.openLog')}
      </Link>
    </Alert>
  );
}
