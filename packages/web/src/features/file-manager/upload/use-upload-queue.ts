import { useQueryClient } from '@tanstack/react-query';
import type { MediaFile } from '@vigil/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { mediaApi } from '../../../api/media.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';
import { UploadJob, type UploadJobDeps } from './upload-job.ts';
import { isWorking, nextToStart, queueReducer, type QueueItem, type UploadOptions } from './upload-queue.ts';
import { sendPart } from './upload-transport.ts';

/** Waits `ms`, or fails at once as an abort when the upload is cancelled. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });

export interface UploadQueue {
  items: QueueItem[];
  add(files: readonly File[], options: UploadOptions): void;
  pause(id: string): void;
  resume(id: string): void;
  cancel(id: string): void;
  dismiss(id: string): void;
  clearFinished(): void;
}

/**
 * The page's upload queue: files start one after another; each finished file joins the library's
 * cache at once. Leaving the page cancels what is still going (its records are removed), since the
 * session's project, where the files land, may change meanwhile.
 */
export function useUploadQueue(): UploadQueue {
  const { project } = useSession();
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(queueReducer, []);
  const jobs = useRef(new Map<string, UploadJob>());
  const libraryKey = useMemo(() => queryKeys.media.files(project.id), [project.id]);

  const deps = useMemo<UploadJobDeps>(
    () => ({
      api: mediaApi,
      send: sendPart,
      sleep,
      now: () => Date.now(),
      existing: () => queryClient.getQueryData<MediaFile[]>(libraryKey) ?? [],
    }),
    [queryClient, libraryKey],
  );

  useEffect(() => {
    const next = nextToStart(items);
    if (!next || jobs.current.has(next.id)) return;
    const job = new UploadJob(next, deps, dispatch);
    jobs.current.set(next.id, job);
    void job.run().then((file: MediaFile | null) => {
      jobs.current.delete(next.id);
      if (!file) return;
      queryClient.setQueryData<MediaFile[]>(libraryKey, (files) => [
        file,
        ...(files ?? []).filter((f) => f.id !== file.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: libraryKey });
    });
  }, [items, deps, queryClient, libraryKey]);

  useEffect(() => {
    const running = jobs.current;
    return () => running.forEach((job) => job.cancel());
  }, []);

  // Closing the tab would drop uploads half-way: the browser asks first.
  const busy = items.some((item) => isWorking(item) || item.status === 'paused');
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const add = useCallback(
    (files: readonly File[], options: UploadOptions) =>
      dispatch({
        type: 'add',
        requests: files.map((file) => ({ id: crypto.randomUUID(), file, label: file.name.trim(), ...options })),
      }),
    [],
  );
  return {
    items,
    add,
    pause: (id) => jobs.current.get(id)?.pause(),
    resume: (id) => jobs.current.get(id)?.resume(),
    cancel: (id) => {
      const job = jobs.current.get(id);
      if (job) job.cancel();
      else dispatch({ type: 'cancelled', id });
    },
    dismiss: (id) => dispatch({ type: 'dismiss', id }),
    clearFinished: () => dispatch({ type: 'clearFinished' }),
  };
}
