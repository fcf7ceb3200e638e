import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Journal, JournalEntry, MediaFile } from '@vigil/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { entriesQuery } from '../../../api/journal.ts';
import { mediaFilesQuery } from '../../../api/media.ts';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { entryQuery, filtersFromParams, withFilters, type EntryFilters } from '../model/entry-filters.ts';
import { useJournalAccess } from '../model/use-journal-access.ts';
import { useJournalMutations } from '../model/use-journal-mutations.ts';
import { EntryDialog, type EntryDialogSubject } from './entry-dialog.tsx';
import { EntryFiltersBar } from './entry-filters-bar.tsx';
import { EntryHistoryDialog } from './entry-history-dialog.tsx';
import { EntryList } from './entry-list.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';

const NO_FILES: MediaFile[] = [];

interface EntriesPanelProps {
  journal: Journal;
  /** offered to administrators and managers */
  onRename?: () => void;
  onDelete?: () => void;
}

/** A journal's entries, newest first, narrowed by the filters of the address; write, edit, delete and see their history. */
export function EntriesPanel({ journal, onRename, onDelete }: EntriesPanelProps) {
  const { t } = useTranslation('journal');
  const { project } = useSession();
  const access = useJournalAccess();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const filterKey = withFilters(new URLSearchParams(), filters).toString();
  // a rolling period ends at the moment it was chosen, so that the query stays the same while it is shown
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the moment is taken anew when the filters change
  const now = useMemo(() => new Date(), [filterKey]);
  const { query, errors } = entryQuery(journal.id, filters, now);
  const entries = useInfiniteQuery({
    ...entriesQuery(project.id, query ?? { journal: journal.id }),
    enabled: Boolean(query),
    placeholderData: keepPreviousData,
  });
  const devices = useQuery(deviceChoicesQuery(project.id));
  const files = useQuery(mediaFilesQuery(project.id));
  const { deleteEntry } = useJournalMutations();
  const [editing, setEditing] = useState<EntryDialogSubject | null>(null);
  const [historyOf, setHistoryOf] = useState<JournalEntry | null>(null);
  const deleting = useConfirmedMutation<JournalEntry>({
    mutation: deleteEntry,
    done: (entry) => t('entry.deleted', { title: entry.title }),
  });

  const loaded = useMemo(() => entries.data?.pages.flatMap((p) => p.objects) ?? [], [entries.data]);
  const deviceList = useMemo(() => devices.data ?? [], [devices.data]);
  const deviceById = useMemo(() => new Map(deviceList.map((d) => [d.id, d])), [deviceList]);
  const fileList = files.data ?? NO_FILES;
  const fileById = useMemo(() => new Map(fileList.map((f) => [f.id, f])), [fileList]);
  const tags = useMemo(() => [...new Set(loaded.flatMap((e) => e.tags))].sort(), [loaded]);
  const names = useMemo(
    () => ({ device: (id: string) => deviceById.get(id)?.title, file: (id: string) => fileById.get(id)?.label }),
    [deviceById, fileById],
  );
  const setFilters = useCallback(
    (next: EntryFilters) => setParams((current) => withFilters(current, next), { replace: true }),
    [setParams],
  );

  return (
    <Box component="section" aria-label={journal.title} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {journal.title}
          </Typography>
          {journal.description && (
            <Typography variant="body2" color="text.secondary">
              {journal.description}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          {onRename && (
            <Tooltip title={t('journal.rename')}>
              <IconButton aria-label={t('journal.rename')} onClick={onRename}>
                <DriveFileRenameOutlineOutlined />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title={t('journal.delete')}>
              <IconButton aria-label={t('journal.delete')} onClick={onDelete}>
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          )}
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ kind: 'create', journalId: journal.id })}
          >
            {t('entry.create')}
          </Button>
        </Stack>
      </Box>
      <EntryFiltersBar filters={filters} errors={errors} devices={deviceList} tags={tags} onChange={setFilters} />
      <EntryList
        entries={entries}
        filtered={filters}
        invalidPeriod={Boolean(errors)}
        onClearFilters={() => setParams({ journal: journal.id }, { replace: true })}
        onCreate={() => setEditing({ kind: 'create', journalId: journal.id })}
        renderEntry={(entry) => ({
          deviceTitle: names.device,
          file: (id) => fileById.get(id),
          onEdit: access.canChange(entry.author) ? () => setEditing({ kind: 'edit', entry }) : undefined,
          onDelete: access.canChange(entry.author) ? () => deleting.ask(entry) : undefined,
          onHistory: () => setHistoryOf(entry),
        })}
      />
      <EntryDialog
        subject={editing}
        devices={deviceList}
        files={fileList}
        tags={tags}
        onClose={() => setEditing(null)}
      />
      <EntryHistoryDialog entry={historyOf} names={names} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        {...deleting.dialogProps}
        title={t('entry.deleteTitle')}
        body={t('entry.deleteBody', { title: deleting.subject?.title ?? '' })}
        confirmLabel={t('actions.delete')}
        failure={deleteEntry.isError ? t('messages.deleteFailed') : null}
      />
    </Box>
  );
}
