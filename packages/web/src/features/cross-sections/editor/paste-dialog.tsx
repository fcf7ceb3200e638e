import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCoordinates } from '../model/diagram-edits.ts';

/** Points pasted from a spreadsheet or a survey listing, a point a line: added to the polygon or replacing its points. */
export function PasteDialog({
  open,
  onClose,
  onPoints,
}: {
  open: boolean;
  onClose: () => void;
  onPoints: (points: Array<[number, number]>, replace: boolean) => void;
}) {
  const { t } = useTranslation(['crossSections', 'common']);
  const [text, setText] = useState('');
  const [replace, setReplace] = useState(false);
  const { points, skipped } = parseCoordinates(text);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setText('') } }}
    >
      <DialogTitle>{t('paste.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={8}
          margin="dense"
          label={t('paste.label')}
          placeholder={'0\t1130\n20\t1129.7\n54\t1180'}
          helperText={t('paste.help')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        />
        <FormControlLabel
          control={<Switch checked={replace} onChange={(_, on) => setReplace(on)} />}
          label={t('paste.replace')}
        />
        {text.trim() && (
          <Alert severity={skipped.length ? 'warning' : 'info'} sx={{ mt: 1 }}>
            {t('paste.read', { count: points.length })}
            {skipped.length > 0 && ` ${t('paste.skipped', { lines: skipped.slice(0, 10).join(', ') })}`}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={points.length === 0}
          onClick={() => {
            onPoints(points, replace);
            onClose();
          }}
        >
          {t('paste.apply', { count: points.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
