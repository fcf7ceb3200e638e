import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadFailedAlert } from '../../../components/load-failed-alert.tsx';

/** Placeholder cards while the library loads. */
export function LibraryLoading() {
  const { t } = useTranslation('fileManager');
  return (
    <Box
      role="progressbar"
      aria-label={t('library.loading')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Stack key={i} spacing={1} sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Skeleton variant="rounded" height={128} />
          <Skeleton width="80%" />
          <Skeleton width="50%" />
        </Stack>
      ))}
    </Box>
  );
}

export function LibraryFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('fileManager');
  return <LoadFailedAlert onRetry={onRetry}>{t('library.failed')}</LoadFailedAlert>;
}

/** Nothing to show: an empty library invites an upload; an empty tab or filter says why. */
export function LibraryEmpty({
  libraryEmpty,
  filter,
  onUpload,
  onClearFilter,
}: {
  libraryEmpty: boolean;
  filter: string;
  /** absent for a role that may not upload */
  onUpload?: () => void;
  onClearFilter(): void;
}) {
  const { t } = useTranslation('fileManager');
  if (libraryEmpty) {
    return (
      <EmptyState
        icon={<CloudUploadOutlined />}
        title={t('library.empty')}
        hint={t('library.emptyHint')}
        action={
          onUpload && (
            <Button variant="contained" onClick={onUpload} sx={{ mt: 1 }}>
              {t('toolbar.upload')}
            </Button>
          )
        }
      />
    );
  }
  if (filter.trim()) {
    return (
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('library.noMatch', { filter: filter.trim() })}
        hint={t('library.noMatchHint')}
        action={
          <Button onClick={onClearFilter} sx={{ mt: 1 }}>
            {t('toolbar.clearFilter')}
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<FolderOpenOutlined />}
      title={t('library.emptyCategory')}
      hint={t('library.emptyCategoryHint')}
    />
  );
}
