import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { CrossSection } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { crossSectionHistoryQuery } from '../../../api/cross-sections.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';

/** Who changed the section, when, and which of its fields: newest first. */
export function HistoryDialog({
  open,
  section,
  onClose,
}: {
  open: boolean;
  section: Pick<CrossSection, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['crossSections', 'common']);
  const { project } = useSession();
  const history = useQuery({ ...crossSectionHistoryQuery(project.id, section.id), enabled: open });
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const items = [...(history.data ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="section-history-title">
      <DialogTitle id="section-history-title">{t('history.title', { name: section.name })}</DialogTitle>
      <DialogContent dividers>
        {history.isPending && <LinearProgress aria-label={t('loading')} />}
        {history.isError && <Alert severity="error">{t('history.loadError')}</Alert>}
        {history.data && items.length === 0 && <Alert severity="info">{t('history.empty')}</Alert>}
        <List dense aria-label={t('history.listLabel')}>
          {items.map((item) => (
            <ListItem key={item.id} divider>
              <ListItemText
                primary={t(`history.${item.action}`, {
                  user: item.user ?? t('view.someone'),
                  time: formatDisplayDate(item.at, locale),
                })}
                secondary={item.fields.map((field) => t(`fieldNames.${field}`, { defaultValue: field })).join(', ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
