import CloseIcon from '@mui/icons-material/Close';
import { Alert, Button, IconButton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MessageBarMessage } from '../../components/message-bar/message-bar-context.ts';

/** The message bar's strip: the message, its actions and a close button. */
export function MessageBar({ message, onClose }: { message: MessageBarMessage | null; onClose(): void }) {
  const { t } = useTranslation('shell');
  if (!message) return null;
  return (
    <Alert
      severity={message.severity ?? 'info'}
      variant="standard"
      sx={{ borderRadius: 0, alignItems: 'center', py: 0.25 }}
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {message.actions?.map((action) => (
            <Button key={action.label} color="inherit" size="small" onClick={action.onClick}>
              {action.label}
            </Button>
          ))}
          <IconButton color="inherit" size="small" aria-label={t('messageBar.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
    >
      {message.message}
    </Alert>
  );
}
