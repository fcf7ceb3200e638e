import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks for a page title: a new child page's, or a new title for this page. */
export function PageTitleDialog({
  heading,
  initial,
  busy,
  onSave,
  onClose,
}: {
  heading: string;
  initial: string;
  busy: boolean;
  onSave(title: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('dashboards');
  const [title, setTitle] = useState(initial);
  const trimmed = title.trim();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (trimmed) onSave(trimmed);
        }}
      >
        <DialogTitle>{heading}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('page.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={!trimmed}
            helperText={!trimmed ? t('page.titleRequired') : ' '}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!trimmed || busy}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
