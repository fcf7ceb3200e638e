import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Alert, Box, Button, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { JournalEntry, ListBody } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { hasFilters, type EntryFilters } from '../model/entry-filters.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EntryCard } from './entry-card.tsx';

type EntryCardOptions = Omit<Parameters<typeof EntryCard>[0], 'entry'>;

interface EntryListProps {
  entries: UseInfiniteQueryResult<InfiniteData<ListBody<JournalEntry>>>;
  filtered: EntryFilters;
  invalidPeriod: boolean;
  onClearFilters(): void;
  onCreate(): void;
  renderEntry(entry: JournalEntry): EntryCardOptions;
}

/** The entries found, a page at a time, or why there are none: loading, failed, nothing yet, nothing matching. */
export function EntryList({ entries, filtered, invalidPeriod, onClearFilters, onCreate, renderEntry }: EntryListProps) {
  const { t } = useTranslation('journal');
  if (invalidPeriod) {
    return (
      <EmptyState
        icon={<EventBusyOutlined />}
        title={t('entries.invalidPeriod')}
        hint={t('entries.invalidPeriodHint')}
        action={null}
      />
    );
  }
  if (entries.isPending) {
    return (
      <Stack spacing={1.5} role="progressbar" aria-label={t('entries.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={112} />
        ))}
      </Stack>
    );
  }
  if (entries.isError && !entries.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void entries.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      >
        {t('messages.listFailed')}
      </Alert>
    );
  }
  const pages = entries.data?.pages ?? [];
  const list = pages.flatMap((p) => p.objects);
  const total = pages[0]?.count ?? 0;
  if (list.length === 0) {
    return hasFilters(filtered) ? (
      <EmptyState
        icon={<SearchOffOutlined />}
        title={t('entries.noMatch')}
        hint={t('entries.noMatchHint')}
        action={<Button onClick={onClearFilters}>{t('filters.clear')}</Button>}
      />
    ) : (
      <EmptyState
        icon={<HistoryEduOutlined />}
        title={t('entries.empty')}
        hint={t('entries.emptyHint')}
        action={
          <Button variant="contained" onClick={onCreate} sx={{ mt: 1 }}>
            {t('entry.create')}
          </Button>
        }
      />
    );
  }
  return (
    <Box>
      {entries.isFetching && !entries.isFetchingNextPage && (
        <LinearProgress aria-label={t('entries.loading')} sx={{ mb: 1 }} />
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} role="status">
        {t('entries.count', { count: total })}
      </Typography>
      <Stack spacing={1.5} role="feed" aria-label={t('entries.label')} aria-busy={entries.isFetching}>
        {list.map((entry) => (
          <EntryCard key={entry.id} entry={entry} {...renderEntry(entry)} />
        ))}
      </Stack>
      {entries.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button onClick={() => void entries.fetchNextPage()} loading={entries.isFetchingNextPage}>
            {t('entries.more', { shown: list.length, total })}
          </Button>
        </Box>
      )}
    </Box>
  );
}
