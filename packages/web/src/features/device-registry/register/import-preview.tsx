import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { RegisterImportAnswer } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { previewLines } from '../model/import-preview.ts';

const STATUS_COLOURS = { new: 'success', changed: 'info', unchanged: 'default' } as const;

/** What an import would do: counts, then each row with its status or its errors (row and column). */
export function ImportPreview({ answer }: { answer: RegisterImportAnswer }) {
  const { t } = useTranslation('deviceRegistry');
  const { lines, fileErrors } = previewLines(answer);
  const errors = answer.errors.length;
  return (
    <Stack spacing={2}>
      {errors > 0 ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('import.errorsTitle', { count: errors })}</AlertTitle>
          {t('import.errorsBody')}
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          {t('import.ready', { created: answer.created, updated: answer.updated, unchanged: answer.unchanged })}
        </Alert>
      )}
      {fileErrors.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('import.fileErrors')}>
          {fileErrors.map((error, i) => (
            <li key={i}>
              <Typography variant="body2">
                {error.column
                  ? t('import.columnError', { column: error.column, message: error.message })
                  : error.message}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {lines.length > 0 && (
        <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={t('import.preview')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: 64 }}>{t('import.row')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('columns.eid')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('import.outcome')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.row} sx={line.errors.length ? { bgcolor: 'error.50' } : undefined}>
                  <TableCell>{line.row}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{line.eid || '—'}</TableCell>
                  <TableCell>
                    {line.status ? (
                      <Chip
                        size="small"
                        color={STATUS_COLOURS[line.status]}
                        label={t(`import.status.${line.status}`)}
                      />
                    ) : (
                      <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                        {line.errors.map((error, i) => (
                          <li key={i}>
                            <Typography variant="body2">
                              {t('import.columnError', { column: error.column, message: error.message })}
                            </Typography>
                          </li>
                        ))}
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
