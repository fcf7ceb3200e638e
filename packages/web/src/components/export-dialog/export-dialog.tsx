import FileDownloadIcon from '@mui/icons-material/FileDownload';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../snackbars/snackbars.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from './download-blob.ts';
import { renderExport } from './export-file.ts';
import {
  DEFAULT_DIALOG_FILE_TYPES,
  isMultiSheet,
  type ExportFileType,
  type ExportSettings,
} from './export-settings.ts';
import { defaultExportFileName, withExtension } from './file-name.ts';

export interface ExportDialogProps {
  open: boolean;
  settings: ExportSettings;
  onClose(): void;
}

/**
 * The export dialog (requirements#shell-validation): a file name (the given name plus a timestamp) and a file type;
 * xlsx holds every sheet, csv and html the first one. The first offered type, xlsx, is preselected.
 */
export function ExportDialog({ open, settings, onClose }: ExportDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {/* Mounted while open only: each opening starts from a fresh file name and timestamp. */}
      {open && <ExportForm settings={settings} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function ExportForm({ settings, titleId, onClose }: Omit<ExportDialogProps, 'open'> & { titleId: string }) {
  const { t, i18n } = useTranslation('dialogs');
  const { enqueueSnackbar } = useSnackbar();
  const types = settings.fileTypes?.length ? settings.fileTypes : DEFAULT_DIALOG_FILE_TYPES;
  const [fileType, setFileType] = useState<ExportFileType>(types[0]!);
  const [fileName, setFileName] = useState(() => defaultExportFileName(settings.fileName));
  const [busy, setBusy] = useState(false);
  const blank = fileName.trim() === '';
  const first = settings.data[0];
  const rows = (isMultiSheet(fileType) ? settings.data : settings.data.slice(0, 1)).reduce(
    (sum, sheet) => sum + Math.max(0, sheet.rows.length - 1),
    0,
  );

  async function exportFile() {
    setBusy(true);
    try {
      const blob = await renderExport(settings, fileType, {
        infoSheetName: t('exportDialog.infoSheet'),
        lang: i18n.resolvedLanguage,
      });
      const name = withExtension(fileName, fileType);
      downloadBlob(blob, name);
      enqueueSnackbar(t('exportDialog.exported', { file: name }), { variant: 'success' });
      onClose();
    } catch {
      enqueueSnackbar(t('exportDialog.failed'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank && !busy) void exportFile();
      }}
    >
      <DialogTitle id={titleId}>{settings.title}</DialogTitle>
      <DialogContent>
        {settings.subtitle && <DialogContentText sx={{ mb: 2 }}>{settings.subtitle}</DialogContentText>}
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('exportDialog.fileName')}
            value={fileName}
            onChange={(event) => setFileName(event.target.value)}
            required
            fullWidth
            disabled={busy}
            error={blank}
            helperText={blank ? t('exportDialog.fileNameRequired') : ' '}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">.{fileType}</InputAdornment> },
            }}
          />
          <FormControl disabled={busy}>
            <FormLabel id={`${titleId}-type`}>{t('exportDialog.fileType')}</FormLabel>
            <RadioGroup
              aria-labelledby={`${titleId}-type`}
              value={fileType}
              onChange={(event) => setFileType(event.target.value as ExportFileType)}
            >
              {types.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <span>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {t(`exportDialog.types.${type}.label`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`exportDialog.types.${type}.description`)}
                      </Typography>
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          </FormControl>
          {!isMultiSheet(fileType) && settings.data.length > 1 && first && (
            <Alert severity="info">{t('exportDialog.firstSheetOnly', { name: first.name })}</Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('exportDialog.summary', {
              sheets: isMultiSheet(fileType) ? settings.data.length : Math.min(1, settings.data.length),
              rows,
            })}
          </Typography>
        </Stack>
      </DialogContent>
      {busy && <LinearProgress aria-label={t('exportDialog.exporting')} />}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('exportDialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={blank || busy} startIcon={<FileDownloadIcon />}>
          {t('exportDialog.export')}
        </Button>
      </DialogActions>
    </form>
  );
}
