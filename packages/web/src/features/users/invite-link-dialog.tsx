import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { User } from '@vigil/domain';
import { useSnackbar } from '../../components/snackbars/snackbars.ts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNameOf } from './users-table-model.ts';

export interface SentInvitation {
  user: User;
  link: string;
  /** the user was created together with the invitation */
  created?: boolean;
}

/** The invitation just sent: to whom, and its link to pass on by other means, with a copy button. */
export function InviteLinkDialog({ invitation, onClose }: { invitation: SentInvitation | null; onClose(): void }) {
  const titleId = useId();
  const [shown, setShown] = useState(invitation);
  if (invitation && invitation !== shown) setShown(invitation);
  return (
    <Dialog open={Boolean(invitation)} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {shown && <InviteLinkContent key={shown.link} invitation={shown} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function InviteLinkContent({
  invitation,
  titleId,
  onClose,
}: {
  invitation: SentInvitation;
  titleId: string;
  onClose(): void;
}) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const { user, link } = invitation;
  const name = displayNameOf(user);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      enqueueSnackbar(t('invite.copied'), { variant: 'success' });
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the link is selected to copy by hand.
      input.current?.select();
      enqueueSnackbar(t('invite.copyFailed'), { variant: 'warning' });
    }
  }

  return (
    <>
      <DialogTitle id={titleId}>{t(invitation.created ? 'invite.createdTitle' : 'invite.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 3 }}>
          <Box
            aria-hidden
            sx={(theme) => ({
              flex: 'none',
              width: 44,
              height: 44,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: alpha(theme.palette.success.main, 0.14),
              color: 'success.dark',
            })}
          >
            <MarkEmailReadOutlined />
          </Box>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{t('invite.sent', { name, email: user.email })}</Typography>
        </Stack>
        <TextField
          label={t('invite.link')}
          value={link}
          fullWidth
          inputRef={input}
          onFocus={(event) => event.target.select()}
          helperText={t('invite.linkHelp', { name })}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false },
            input: {
              sx: { fontFamily: 'monospace', fontSize: '0.875rem' },
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('invite.copy')}>
                    <IconButton edge="end" aria-label={t('invite.copy')} onClick={() => void copy()}>
                      {copied ? <CheckOutlined color="success" /> : <ContentCopyOutlined />}
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('invite.done')}
        </Button>
      </DialogActions>
    </>
  );
}
