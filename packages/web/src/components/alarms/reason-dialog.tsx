import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An action on an alarm that must say why (acknowledging, shelving): the text is required and kept
 * in the alarm's history with who and when. `children` are the action's other fields.
 */
export function ReasonDialog({
  open,
  heading,
  alarmTitle,
  label,
  hint,
  required,
  confirm,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  heading: string;
  alarmTitle: string;
  label: string;
  hint: string;
  required: string;
  confirm: string;
  busy: boolean;
  onConfirm(text: string): void;
  onClose(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('alarms');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = !text.trim();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setText('');
            setTouched(false);
          },
        },
      }}
    >
      <DialogTitle>{heading}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{alarmTitle}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && missing}
          helperText={touched && missing ? required : hint}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ mb: 2 }}
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => (missing ? setTouched(true) : onConfirm(text.trim()))}
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
