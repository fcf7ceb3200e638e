import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { formatSize } from '../model/format-size.ts';
import { typeOf } from '../model/library.ts';
import { FileActionsMenu } from './file-actions-menu.tsx';
import { FileBadges } from './file-badges.tsx';
import type { FileViewProps } from './file-grid.tsx';
import { FilePreview } from '../../../components/media/file-preview.tsx';
import { FileTags } from './file-tags.tsx';

/** Columns a phone has no room for. */
const WIDE = { display: { xs: 'none', md: 'table-cell' } };

/** The library as a table: name and size always; type, tags and date where there is room. */
export function FileTable({ files, actions, onAction }: FileViewProps) {
  const { t, i18n } = useTranslation('fileManager');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Table size="small" aria-label={t('library.label')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('columns.preview')}
              </Box>
            </TableCell>
            <TableCell>{t('columns.label')}</TableCell>
            <TableCell align="right">{t('columns.size')}</TableCell>
            <TableCell sx={WIDE}>{t('columns.type')}</TableCell>
            <TableCell sx={WIDE}>{t('columns.tags')}</TableCell>
            <TableCell sx={WIDE}>{t('columns.modified')}</TableCell>
            <TableCell sx={{ width: 48 }}>
              <Box component="span" sx={visuallyHidden}>
                {t('columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.id} hover>
              <TableCell sx={{ py: 0.5 }}>
                <Box sx={{ width: 48 }}>
                  <FilePreview file={file} size={40} alt={t('file.preview', { label: file.label })} />
                </Box>
              </TableCell>
              <TableCell sx={{ maxWidth: 0, width: '40%' }}>
                <Typography variant="body2" noWrap title={file.label} sx={{ fontWeight: 500 }}>
                  {file.label}
                </Typography>
                {file.original_filename !== file.label && (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {file.original_filename}
                  </Typography>
                )}
                <FileBadges file={file} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatSize(file.size, locale)}
              </TableCell>
              <TableCell sx={WIDE}>{typeOf(file)}</TableCell>
              <TableCell sx={WIDE}>
                <FileTags tags={file.tags} />
              </TableCell>
              <TableCell sx={{ ...WIDE, whiteSpace: 'nowrap' }}>
                {formatDisplayDate(file.modified_at, locale)}
              </TableCell>
              <TableCell sx={{ px: 0.5 }}>
                <FileActionsMenu file={file} actions={actions} onAction={(action) => onAction(file, action)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
