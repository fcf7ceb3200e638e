import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { MediaFile } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mediaFilesQuery } from '../../../api/media.ts';
import { useSession } from '../../../session/session-context.ts';
import { FilePreview } from '../../../components/media/file-preview.tsx';

/**
 * An image of the project's media library, chosen from its thumbnails; new images are uploaded in
 * the file manager, to which it links.
 */
export function MediaPicker({
  fileId,
  onPick,
  label,
}: {
  fileId: string | null;
  onPick: (file: MediaFile | null) => void;
  label: string;
}) {
  const { t } = useTranslation(['crossSections', 'common']);
  const { project } = useSession();
  const [open, setOpen] = useState(false);
  const library = useQuery({ ...mediaFilesQuery(project.id), enabled: open || fileId !== null });
  const images = (library.data ?? []).filter((file) => file.mime_type.startsWith('image/'));
  const chosen = images.find((file) => file.id === fileId);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Box sx={{ width: 96, flexShrink: 0 }}>
        {chosen ? (
          <FilePreview file={chosen} size={72} alt={chosen.label} />
        ) : (
          <Box sx={{ height: 72, borderRadius: 1, border: 1, borderStyle: 'dashed', borderColor: 'divider' }} />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {fileId ? (chosen?.label ?? t('images.unknownFile')) : t('images.none')}
        </Typography>
      </Box>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('images.choose')}
      </Button>
      {fileId && <Button onClick={() => onPick(null)}>{t('images.remove')}</Button>}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{t('images.chooseTitle', { label })}</DialogTitle>
        <DialogContent dividers>
          {library.isPending && <LinearProgress aria-label={t('loading')} />}
          {library.isError && <Alert severity="error">{t('images.loadError')}</Alert>}
          {library.data && images.length === 0 && <Alert severity="info">{t('images.emptyLibrary')}</Alert>}
          <Box
            role="listbox"
            aria-label={t('images.library')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5 }}
          >
            {images.map((file) => (
              <ButtonBase
                key={file.id}
                role="option"
                aria-selected={file.id === fileId}
                aria-label={file.label}
                onClick={() => {
                  onPick(file);
                  setOpen(false);
                }}
                sx={{
                  display: 'block',
                  textAlign: 'left',
                  borderRadius: 1,
                  p: 0.5,
                  border: 2,
                  borderColor: file.id === fileId ? 'primary.main' : 'transparent',
                  position: 'relative',
                }}
              >
                <FilePreview file={file} size={100} alt="" />
                <Typography variant="caption" component="div" noWrap title={file.label}>
                  {file.label}
                </Typography>
                {file.id === fileId && (
                  <CheckCircle color="primary" fontSize="small" sx={{ position: 'absolute', top: 6, right: 6 }} />
                )}
              </ButtonBase>
            ))}
          </Box>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/file-manager" target="_blank" rel="noopener">
            {t('images.upload')}
          </Link>
          <Button onClick={() => setOpen(false)}>{t('common:actions.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
