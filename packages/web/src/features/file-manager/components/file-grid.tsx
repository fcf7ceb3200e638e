import { Box, Stack, Typography } from '@mui/material';
import type { MediaFile } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { formatSize } from '../model/format-size.ts';
import { typeOf } from '../model/library.ts';
import { FileActionsMenu, type FileAction } from './file-actions-menu.tsx';
import { FileBadges } from './file-badges.tsx';
import { FilePreview } from '../../../components/media/file-preview.tsx';
import { FileTags } from './file-tags.tsx';

/** A card has room for the day only; the full date and time are its tooltip (and the list's column). */
const shortDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

export interface FileViewProps {
  files: readonly MediaFile[];
  /** the actions offered on each file */
  actions: readonly FileAction[];
  onAction(file: MediaFile, action: FileAction): void;
}

/** The library as cards: as many columns as fit, two on a phone. */
export function FileGrid({ files, actions, onAction }: FileViewProps) {
  const { t, i18n } = useTranslation('fileManager');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <Box
      component="ul"
      aria-label={t('library.label')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(auto-fill, minmax(140px, 1fr))',
          sm: 'repeat(auto-fill, minmax(190px, 1fr))',
        },
      }}
    >
      {files.map((file) => (
        <Box
          component="li"
          key={file.id}
          aria-label={file.label}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            p: 1,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            minWidth: 0,
          }}
        >
          <FilePreview file={file} size={128} alt={t('file.preview', { label: file.label })} />
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" component="p" noWrap title={file.label}>
                {file.label}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" noWrap>
                {[typeOf(file), formatSize(file.size, locale)].filter(Boolean).join(' · ')}
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                noWrap
                title={formatDisplayDate(file.modified_at, locale)}
              >
                {shortDate(file.modified_at, locale)}
              </Typography>
            </Box>
            <FileActionsMenu file={file} actions={actions} onAction={(action) => onAction(file, action)} />
          </Stack>
          <FileBadges file={file} />
          <FileTags tags={file.tags} max={2} />
        </Box>
      ))}
    </Box>
  );
}
