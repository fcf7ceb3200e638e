import ArrowDropDownOutlined from '@mui/icons-material/ArrowDropDownOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { RegisterFormat } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerApi } from '../api/register-api.ts';

const RegisterImportDialog = lazy(async () => ({
  default: (await import('./register-import-dialog.tsx')).RegisterImportDialog,
}));

/** The instrument register: an Import button (administrators and managers), and a menu of its export and template, as .xlsx or .csv. */
export function RegisterMenu({ canImport }: { canImport: boolean }) {
  const { t } = useTranslation('deviceRegistry');
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const download = (what: 'export' | 'template', format: RegisterFormat) => {
    setAnchor(null);
    registerApi
      .download(what, format, t(`register.fileNames.${what}`))
      .catch(() => enqueueSnackbar(t('register.downloadFailed'), { variant: 'error' }));
  };
  return (
    <>
      {canImport && (
        <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
          {t('register.import')}
        </Button>
      )}
      <Button
        variant="outlined"
        startIcon={<TableViewOutlined />}
        endIcon={<ArrowDropDownOutlined />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('register.menu')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {(['xlsx', 'csv'] as const).map((format) => (
          <MenuItem key={format} onClick={() => download('export', format)}>
            <ListItemIcon>
              <FileDownloadOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('register.export', { format: format.toUpperCase() })}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {(['xlsx', 'csv'] as const).map((format) => (
          <MenuItem key={format} onClick={() => download('template', format)}>
            <ListItemIcon>
              <FileDownloadOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('register.template', { format: format.toUpperCase() })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {importing && (
        <Suspense fallback={null}>
          <RegisterImportDialog open onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
