import AddOutlined from '@mui/icons-material/AddOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import SchemaOutlined from '@mui/icons-material/SchemaOutlined';
import {
  Box,
  Button,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { schemesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useRegistryAccess } from '../model/use-registry-access.ts';

/** `/devices/schemes`: the project's schemes, what each measures and how many limits it sets. */
export function SchemesPage() {
  const { t, i18n } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const { canEdit } = useRegistryAccess();
  const navigate = useNavigate();
  const schemes = useQuery(schemesQuery(project.id));
  const collator = new Intl.Collator(i18n.resolvedLanguage, { numeric: true });
  const rows = [...(schemes.data ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  const count = (n: number, key: string) => t(key, { count: n });
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {t('schemes.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('schemes.intro')}
          </Typography>
        </Box>
        {canEdit && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => void navigate('/devices/schemes/new')}>
            {t('schemes.new')}
          </Button>
        )}
      </Stack>
      {schemes.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label={t('states.loading')} />
      ) : schemes.isError ? (
        <EmptyState
          icon={<ErrorOutlineOutlined />}
          title={t('states.errorTitle')}
          hint={t('schemes.loadError')}
          action={<Button onClick={() => void schemes.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : rows.length === 0 ? (
        <EmptyState icon={<SchemaOutlined />} title={t('schemes.emptyTitle')} hint={t('schemes.emptyBody')} />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label={t('schemes.title')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('schemes.name')}</TableCell>
                  <TableCell sx={{ fontWeight: 600, display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('schemes.type')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{t('schemes.metrics')}</TableCell>
                  <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }}>
                    {t('schemes.limits')}
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600, display: { xs: 'none', md: 'table-cell' } }}>
                    {t('columns.updated_at')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((scheme) => {
                  const m = scheme.spec.metrics;
                  return (
                    <TableRow key={scheme.id} hover>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/devices/schemes/${encodeURIComponent(scheme.id)}`}
                          underline="hover"
                        >
                          {scheme.name}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t(`schemes.types.${scheme.type}`)}
                      </TableCell>
                      <TableCell>
                        {[
                          count(m.raw_metrics.length, 'schemes.rawCount'),
                          count(m.calculated_metrics.length, 'schemes.calculatedCount'),
                        ].join(' · ')}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {scheme.spec.metric_limits.length}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(scheme.updated_at, i18n.resolvedLanguage ?? 'en-US')}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
