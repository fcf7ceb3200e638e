import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

type Notistack = typeof import('notistack');

/**
 * Snackbars without notistack on the first page: `enqueueSnackbar` and `closeSnackbar` have
 * notistack's signatures, and the first call mounts the host (snackbar-host.tsx), which loads
 * notistack and shows what waited. No page waits for notistack's code, and none is lost.
 */
let notistack: Notistack | null = null;
let hostWanted = false;
const waiting: Array<(n: Notistack) => void> = [];
const listeners = new Set<() => void>();
let lastKey = 0;

function withNotistack(run: (n: Notistack) => void) {
  if (notistack) return run(notistack);
  waiting.push(run);
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): SnackbarKey {
  const key = options?.key ?? `snackbar-${++lastKey}`;
  withNotistack((n) => n.enqueueSnackbar(message, { ...options, key }));
  return key;
}

export function closeSnackbar(key?: SnackbarKey) {
  withNotistack((n) => n.closeSnackbar(key));
}

/**
 * Resolves once snackbars show (at once when notistack is loaded): a message the user must see
 * before the page goes (a project switch's reload) waits for notistack's code, on a slow link too.
 */
export const snackbarsShown = (): Promise<void> => new Promise((resolve) => withNotistack(() => resolve()));

const api = { enqueueSnackbar, closeSnackbar };

/** notistack's `useSnackbar`, for components: the same two functions. */
export const useSnackbar = () => api;

/** Called by the host once notistack's provider is mounted: shows what waited. */
export function notistackMounted(loaded: Notistack) {
  notistack = loaded;
  for (const run of waiting.splice(0)) run(loaded);
}

export const hostStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => hostWanted,
};
