import { Alert, Button, Skeleton, Stack } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadedListProps<T> {
  query: UseQueryResult<T>;
  /** the name of the placeholders shown while the list loads */
  loadingLabel: string;
  /** how tall a placeholder is: about one item of the list */
  rowHeight: number;
  /** what failed, said with a button to try again */
  failed: string;
  children(data: T): ReactNode;
}

/** A list's query in its three states: placeholder rows while it loads, why it failed, else `children` with its data. */
export function LoadedList<T>({ query, loadingLabel, rowHeight, failed, children }: LoadedListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack spacing={1} aria-label={loadingLabel}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={rowHeight} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}>
        {failed}
      </Alert>
    );
  }
  return children(query.data);
}
