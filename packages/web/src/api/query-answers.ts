import type { UseQueryResult } from '@tanstack/react-query';

/** The answers of several calls of `useQueries`, and their state taken together. */
export interface QueryAnswers<T> {
  /** each call's answer, in order; keeps its identity while no answer changes */
  data: Array<T | undefined>;
  /** whether each call has yet to answer, in order */
  pendings: boolean[];
  pending: boolean;
  fetching: boolean;
  error: boolean;
  refetch(): void;
}

/**
 * `useQueries`' `combine`: TanStack Query keeps the identity of what this returns wherever it equals
 * the last result, so `data` can be a memo's dependency instead of the results array, new on every render.
 */
export function queryAnswers<T>(results: Array<UseQueryResult<T>>): QueryAnswers<T> {
  return {
    data: results.map((r) => r.data),
    pendings: results.map((r) => r.isPending),
    pending: results.some((r) => r.isPending),
    fetching: results.some((r) => r.isFetching),
    error: results.some((r) => r.isError),
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
