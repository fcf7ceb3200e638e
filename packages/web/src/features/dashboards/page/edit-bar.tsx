import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { usePageEditing } from './use-page-editing.ts';

/** The bar above a page being edited: add a card, save or cancel; a conflict with another editor's save. */
export function EditBar({ editing, onAddCard }: { editing: ReturnType<typeof usePageEditing>; onAddCard(): void }) {
  const { t } = useTranslation('dashboards');
  return (
    <Box sx={{ position: 'sticky', top: 64, zIndex: 2, mb: 2 }}>
      <Paper elevation={2} sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 160, px: 1 }}>
          {t('editor.hint')}
        </Typography>
        <Button startIcon={<AddIcon />} onClick={onAddCard}>
          {t('editor.addCard')}
        </Button>
        <Button onClick={editing.cancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" disabled={editing.saving} onClick={() => void editing.saveDraft()}>
          {t('actions.save')}
        </Button>
      </Paper>
      {editing.conflict && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" onClick={() => void editing.reload()}>
              {t('editor.reload')}
            </Button>
          }
        >
          {t('editor.conflict')}
        </Alert>
      )}
    </Box>
  );
}
