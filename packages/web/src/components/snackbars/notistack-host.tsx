import * as notistack from 'notistack';
import { useEffect } from 'react';
import { notistackMounted } from './snackbars.ts';

/** Snackbars: at most 5 at once, each hiding after 5000 ms (requirements#shell-constants). */
export const SNACKBAR_MAX = 5;
export const SNACKBAR_HIDE_MS = 5000;

/** notistack's provider on its own (v3 shows snackbars asked for through its global functions). */
export default function NotistackHost() {
  useEffect(() => notistackMounted(notistack), []);
  return <notistack.SnackbarProvider maxSnack={SNACKBAR_MAX} autoHideDuration={SNACKBAR_HIDE_MS} />;
}
