import AddOutlined from '@mui/icons-material/AddOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import WorkspacesOutlined from '@mui/icons-material/WorkspacesOutlined';
import { Box, Button, LinearProgress, Paper, Skeleton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ENTITY_PATHS, groupsQuery, schemesQuery, type EntityTypeName } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { ExportSettings } from '../../../components/export-dialog/export-settings.ts';
import { registerRowsQuery, type RegisterRow } from '../api/devices-api.ts';
import type { DeleteSubject } from '../device-form/delete-device-dialog.tsx';
import type { HistorySubject } from '../history/registry-history-dialog.tsx';
import {
  DEFAULT_SORTING,
  filterRows,
  nextSorting,
  NO_FILTERS,
  sortRows,
  type DeviceFilters,
  type SortColumn,
  type Sorting,
} from '../model/device-filters.ts';
import { useRegistryAccess } from '../model/use-registry-access.ts';
import { RegisterMenu } from '../register/register-menu.tsx';
import { DeviceActionsMenu, type DeviceAction } from './device-actions-menu.tsx';
import { devicesExport } from './devices-export.ts';
import { DevicesTable } from './devices-table.tsx';
import { DevicesToolbar } from './devices-toolbar.tsx';

const KINDS = Object.keys(ENTITY_PATHS) as EntityTypeName[];

// What the table does not show at once loads when asked for: the page opens with the table alone.
const ExportDialog = lazy(async () => ({
  default: (await import('../../../components/export-dialog/export-dialog.tsx')).ExportDialog,
}));
const DeleteDeviceDialog = lazy(async () => ({
  default: (await import('../device-form/delete-device-dialog.tsx')).DeleteDeviceDialog,
}));
const GroupsDialog = lazy(async () => ({ default: (await import('../groups/groups-dialog.tsx')).GroupsDialog }));
const RegistryHistoryDialog = lazy(async () => ({
  default: (await import('../history/registry-history-dialog.tsx')).RegistryHistoryDialog,
}));
const KeysPanel = lazy(async () => ({ default: (await import('../keys/keys-panel.tsx')).KeysPanel }));

/** `/devices` (module DeviceRegistry): the project's instruments, interface nodes and virtual devices. */
export function DevicesPage() {
  const { t, i18n } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const { canEdit, canManageKeys } = useRegistryAccess();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const kind = (KINDS as string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as EntityTypeName)
    : 'instrument';
  // The ingest keys' tab (issue 32) is the administrators'; the devices' toolbar and table give way to it.
  const keysTab = canManageKeys && params.get('tab') === 'keys';
  const rows = useQuery(registerRowsQuery(project.id, kind));
  const groups = useQuery(groupsQuery(project.id));
  const schemes = useQuery(schemesQuery(project.id));
  const [filters, setFilters] = useState<DeviceFilters>(NO_FILTERS);
  const [sorting, setSorting] = useState<Sorting>(DEFAULT_SORTING);
  const [history, setHistory] = useState<HistorySubject | null>(null);
  const [deleting, setDeleting] = useState<DeleteSubject | null>(null);
  // The export of what is shown, made when asked for: made on every render, its words for each of
  // thousands of rows took tens of milliseconds a keystroke (bench/devices-table.ts).
  const [exporting, setExporting] = useState<ExportSettings | null>(null);
  const [managingGroups, setManagingGroups] = useState(false);

  // Typing stays smooth over thousands of rows: the table catches up with the search a moment later.
  const deferred = useDeferredValue(filters);
  const members = useMemo(() => {
    const group = groups.data?.find((g) => g.id === deferred.groupId);
    return group ? new Set(group.device_profiles) : null;
  }, [groups.data, deferred.groupId]);
  const shown = useMemo(
    () => rows.data && sortRows(filterRows(rows.data, deferred, members), sorting, i18n.resolvedLanguage),
    [rows.data, deferred, members, sorting, i18n.resolvedLanguage],
  );

  // Stable while typing: the table (memo) renders again only when its rows or sorting change.
  const onAction = useCallback(
    (action: DeviceAction, row: RegisterRow) => {
      if (action === 'edit') void navigate(`/devices/${ENTITY_PATHS[kind]}/${encodeURIComponent(row.id)}`);
      else if (action === 'history') setHistory({ kind: ENTITY_PATHS[kind], id: row.id, title: row.title });
      else setDeleting({ kind, id: row.id, title: row.title, decommissioned: row.decommissioned });
    },
    [kind, navigate],
  );
  const onSort = useCallback((column: SortColumn) => setSorting((current) => nextSorting(current, column)), []);
  const actions = useCallback(
    (row: RegisterRow) => <DeviceActionsMenu row={row} canEdit={canEdit} onAction={onAction} />,
    [canEdit, onAction],
  );
  const filtered = Object.entries(filters).some(([, value]) => value !== '');

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Stack
        direction={{ xs: 'column', xl: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', xl: 'flex-end' } }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('intro', { project: project.name })}
          </Typography>
        </Box>
        {/* The devices' actions; the keys tab has its own. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', flex: 'none', display: keysTab ? 'none' : undefined }}
        >
          <Button variant="outlined" startIcon={<WorkspacesOutlined />} onClick={() => setManagingGroups(true)}>
            {t('actions.groups')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={!shown?.length}
            onClick={() => {
              if (shown)
                setExporting(
                  devicesExport(t, shown, {
                    projectName: project.name,
                    tab: t(`tabs.${kind}`),
                    search: filters.search,
                  }),
                );
            }}
          >
            {t('actions.exportTable')}
          </Button>
          <RegisterMenu canImport={canEdit} />
          {canEdit && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => void navigate(`/devices/new/${kind}`)}
            >
              {t(`actions.new.${kind}`)}
            </Button>
          )}
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs
          value={keysTab ? 'keys' : kind}
          onChange={(_, value: string) => setParams({ tab: value }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`tabs.${k}`)} />
          ))}
          {canManageKeys && <Tab value="keys" label={t('tabs.keys')} />}
        </Tabs>
        {keysTab ? (
          <Suspense fallback={<LinearProgress />}>
            <KeysPanel />
          </Suspense>
        ) : (
          <>
            <DevicesToolbar
              filters={filters}
              onChange={setFilters}
              groups={groups.data ?? []}
              schemes={schemes.data ?? []}
              found={shown?.length}
              total={rows.data?.length}
            />
            {rows.isPending ? (
              <Stack spacing={1} sx={{ p: 2 }} aria-label={t('states.loading')}>
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={36} />
                ))}
              </Stack>
            ) : rows.isError ? (
              <Box sx={{ p: 2 }}>
                <EmptyState
                  icon={<ErrorOutlineOutlined />}
                  title={t('states.errorTitle')}
                  hint={t('states.errorBody')}
                  action={<Button onClick={() => void rows.refetch()}>{t('actions.retry')}</Button>}
                />
              </Box>
            ) : shown?.length === 0 ? (
              <Box sx={{ p: 2 }}>
                {filtered ? (
                  <EmptyState
                    icon={<SearchOffOutlined />}
                    title={t('states.noMatchTitle')}
                    hint={t('states.noMatchBody')}
                    action={<Button onClick={() => setFilters(NO_FILTERS)}>{t('actions.clearFilters')}</Button>}
                  />
                ) : (
                  <EmptyState
                    icon={<SensorsOutlined />}
                    title={t(`states.emptyTitle.${kind}`)}
                    hint={t(canEdit ? 'states.emptyBody' : 'states.emptyBodyReadOnly')}
                  />
                )}
              </Box>
            ) : (
              shown && (
                <DevicesTable
                  rows={shown}
                  showNode={kind === 'instrument'}
                  sorting={sorting}
                  onSort={onSort}
                  actions={actions}
                />
              )
            )}
          </>
        )}
      </Paper>

      <Suspense fallback={null}>
        {history && <RegistryHistoryDialog subject={history} onClose={() => setHistory(null)} />}
        {deleting && (
          <DeleteDeviceDialog
            subject={deleting}
            onClose={() => setDeleting(null)}
            onDeleted={() => setDeleting(null)}
          />
        )}
        {managingGroups && <GroupsDialog open onClose={() => setManagingGroups(false)} canEdit={canEdit} />}
        {exporting && <ExportDialog open settings={exporting} onClose={() => setExporting(null)} />}
      </Suspense>
    </Box>
  );
}
