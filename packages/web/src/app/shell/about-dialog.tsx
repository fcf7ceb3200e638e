import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { microservicesQuery } from '../../api/auth.ts';
import { useAppConfig, useOverallVersionFile, useVersionFile } from './shell-files.ts';

/** The About dialog: the release, the web application's version and each service's (requirements#shell-screens). */
export function AboutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['shell', 'common']);
  const appName = useAppConfig().data?.applicationName ?? 'Vigil';

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="about-title">
      <DialogTitle id="about-title">{t('about.title', { app: appName })}</DialogTitle>
      <DialogContent dividers>{open && <AboutContent />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" disableElevation>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AboutContent() {
  const { t } = useTranslation('shell');
  const release = useOverallVersionFile().data?.version;
  const web = useVersionFile().data?.version;
  const services = useQuery(microservicesQuery());

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 0.5 }}>
        <Typography color="text.secondary">{t('about.release')}</Typography>
        <Typography sx={{ fontWeight: 500 }}>{release ?? '–'}</Typography>
        <Typography color="text.secondary">{t('about.webApp')}</Typography>
        <Typography sx={{ fontWeight: 500 }}>{web ?? '–'}</Typography>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('about.services')}
        </Typography>
        {services.isPending && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={20} />
            <Typography color="text.secondary">{t('about.loading')}</Typography>
          </Stack>
        )}
        {services.isError && (
          <Alert severity="error">
            <AlertTitle>{t('about.failed')}</AlertTitle>
            {services.error.message}
          </Alert>
        )}
        {services.data &&
          (services.data.length === 0 ? (
            <Typography color="text.secondary">{t('about.empty')}</Typography>
          ) : (
            <Table
              size="small"
              aria-label={t('about.services')}
              sx={{ '& .MuiTableCell-root': { px: 0 }, '& .MuiTableCell-root + .MuiTableCell-root': { pl: 2 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('about.service')}</TableCell>
                  <TableCell align="right">{t('about.version')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {services.data.map((service) => (
                  <TableRow key={service.name}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {service.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                        {service.name}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {service.version}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
      </Box>
    </Stack>
  );
}
