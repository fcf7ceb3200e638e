import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Link,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Attachment } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaFilesQuery } from '../../../api/media.ts';
import { useSession } from '../../../session/session-context.ts';
import { attachmentOf, fileIdOf } from '../model/attachments.ts';

/** The device's files, chosen from the project's media library; each opens through the library's current link. */
export function AttachmentsField({
  value,
  onChange,
  readOnly,
}: {
  value: readonly Attachment[];
  onChange(next: Attachment[]): void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const [open, setOpen] = useState(false);
  const library = useQuery({ ...mediaFilesQuery(project.id), enabled: open || value.length > 0 });
  const fileOf = (attachment: Attachment) => library.data?.find((f) => f.id === fileIdOf(attachment));
  const chosen = new Set(value.map(fileIdOf));
  return (
    <Box>
      {value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('attachments.none')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {value.map((attachment, index) => {
          const url = fileOf(attachment)?.public_url;
          return (
            <Chip
              key={`${attachment.public_url}-${index}`}
              icon={<AttachFileOutlined />}
              label={
                url ? (
                  <Link href={url} target="_blank" rel="noopener" underline="hover" color="inherit">
                    {attachment.label}
                  </Link>
                ) : (
                  attachment.label
                )
              }
              onDelete={readOnly ? undefined : () => onChange(value.filter((_, i) => i !== index))}
            />
          );
        })}
      </Box>
      {!readOnly && (
        <Button variant="outlined" size="small" sx={{ mt: 1.5 }} onClick={() => setOpen(true)}>
          {t('attachments.add')}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('attachments.choose')}</DialogTitle>
        <DialogContent dividers>
          {library.isPending && <LinearProgress aria-label={t('loading')} />}
          {library.isError && <Alert severity="error">{t('attachments.loadError')}</Alert>}
          {library.data?.length === 0 && <Alert severity="info">{t('attachments.emptyLibrary')}</Alert>}
          <List dense aria-label={t('attachments.library')}>
            {library.data
              ?.filter((file) => !chosen.has(file.id))
              .map((file) => (
                <ListItemButton
                  key={file.id}
                  onClick={() => {
                    onChange([...value, attachmentOf(file)]);
                    setOpen(false);
                  }}
                >
                  <ListItemText primary={file.label} secondary={file.original_filename} />
                </ListItemButton>
              ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('actions.cancel')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
