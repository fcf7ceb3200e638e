import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { isCurator, MEDIA_CATEGORIES, type MediaCategory, type MediaFile } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mediaFilesQuery } from '../../api/media.ts';
import { useSession } from '../../session/session-context.ts';
import { useFileManagerAllowed } from './api/file-manager-features.ts';
import { DeleteDialog } from './components/delete-dialog.tsx';
import type { FileAction } from './components/file-actions-menu.tsx';
import { FileGrid } from './components/file-grid.tsx';
import { FileTable } from './components/file-table.tsx';
import { LibraryEmpty, LibraryFailed, LibraryLoading } from './components/library-states.tsx';
import { LibraryToolbar, type LibraryView } from './components/library-toolbar.tsx';
import { RenameDialog } from './components/rename-dialog.tsx';
import { TagsDialog } from './components/tags-dialog.tsx';
import { categoryCounts, filesOf } from './model/library.ts';
import { offeredActions } from './model/offered-actions.ts';
import { useVisibilityToggle } from './model/use-visibility-toggle.ts';
import { DropOverlay } from './upload/drop-overlay.tsx';
import { UploadQueuePanel } from './upload/upload-queue-panel.tsx';
import type { UploadOptions } from './upload/upload-queue.ts';
import { useUploadQueue } from './upload/use-upload-queue.ts';

const NO_FILES: MediaFile[] = [];

/**
 * /file-manager (requirements#monitoring-screens): the project's uploaded files by category, narrowed by a filter, as
 * a grid or a list; uploads by button or by dropping files anywhere on the page, with a queue that
 * pauses, resumes and cancels; rename, tags and delete per file. Tab, filter and view live in the URL.
 */
export function FileManagerPage() {
  const { t } = useTranslation('fileManager');
  const { project, activeRole } = useSession();
  const library = useQuery(mediaFilesQuery(project.id));
  // What the project gives the active role (requirements#roles-permissions); the media service refuses the rest.
  const allowed = useFileManagerAllowed();
  const actions = offeredActions(allowed);
  const queue = useUploadQueue();
  const [params, setParams] = useSearchParams();
  // Uploads are private unless the uploader says otherwise, each time he opens the page (ADR 0025).
  const [options, setOptions] = useState<UploadOptions>({ resize: false, isPublic: false });
  const [dialog, setDialog] = useState<{ action: FileAction; file: MediaFile } | null>(null);

  const tab = (MEDIA_CATEGORIES as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as MediaCategory)
    : 'images';
  const filter = params.get('q') ?? '';
  const view: LibraryView = params.get('view') === 'list' ? 'list' : 'grid';
  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'q' },
    );

  const files = library.data ?? NO_FILES;
  const counts = useMemo(() => categoryCounts(files, filter), [files, filter]);
  const shown = useMemo(() => filesOf(files, tab, filter), [files, tab, filter]);

  const dropzone = useDropzone({
    onDrop: (accepted) => accepted.length > 0 && queue.add(accepted, options),
    disabled: !allowed.upload,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
  });
  const toggleVisibility = useVisibilityToggle();
  const onAction = (file: MediaFile, action: FileAction) =>
    action === 'visibility' ? toggleVisibility(file) : setDialog({ file, action });
  const dialogFile = (action: FileAction) => (dialog?.action === action ? dialog.file : null);
  const closeDialog = () => setDialog(null);

  return (
    <Box
      {...dropzone.getRootProps()}
      sx={{
        px: { xs: 0, sm: 1 },
        py: { xs: 1, sm: 2 },
        maxWidth: 1400,
        mx: 'auto',
        minHeight: '70vh',
        outline: 'none',
      }}
    >
      <input {...dropzone.getInputProps()} />
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('page.intro')}
      </Typography>
      <LibraryToolbar
        filter={filter}
        onFilter={(value) => setParam('q', value)}
        view={view}
        onView={(next) => setParam('view', next === 'grid' ? null : next)}
        options={options}
        onOptions={setOptions}
        onUpload={allowed.upload ? dropzone.open : undefined}
        canResize={isCurator(activeRole.name)}
      />
      <UploadQueuePanel queue={queue} />
      <Tabs
        value={tab}
        onChange={(_, value: MediaCategory) => setParam('tab', value === 'images' ? null : value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {MEDIA_CATEGORIES.map((category) => (
          <Tab
            key={category}
            value={category}
            label={library.data ? `${t(`tabs.${category}`)} (${counts[category]})` : t(`tabs.${category}`)}
          />
        ))}
      </Tabs>
      {library.isPending && <LibraryLoading />}
      {library.isError && <LibraryFailed onRetry={() => void library.refetch()} />}
      {library.data &&
        (shown.length === 0 ? (
          <LibraryEmpty
            libraryEmpty={files.length === 0}
            filter={filter}
            onUpload={allowed.upload ? dropzone.open : undefined}
            onClearFilter={() => setParam('q', null)}
          />
        ) : view === 'grid' ? (
          <FileGrid files={shown} actions={actions} onAction={onAction} />
        ) : (
          <FileTable files={shown} actions={actions} onAction={onAction} />
        ))}
      {dropzone.isDragActive && <DropOverlay />}
      <RenameDialog file={dialogFile('rename')} files={files} onClose={closeDialog} />
      <TagsDialog file={dialogFile('tags')} files={files} onClose={closeDialog} />
      <DeleteDialog file={dialogFile('delete')} onClose={closeDialog} />
    </Box>
  );
}
