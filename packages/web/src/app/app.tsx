import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { RouterProvider } from 'react-router';
import { ErrorDialogProvider } from '../components/error-dialog/error-dialog-provider.tsx';
import { createAppTheme } from '../theme/create-app-theme.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';

const defaultTheme = createAppTheme(undefined);

/** Snackbars: at most 5 at once, each hiding after 5000 ms (requirements#shell-constants). */
export const SNACKBAR_MAX = 5;
export const SNACKBAR_HIDE_MS = 5000;

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={defaultTheme}>
        <CssBaseline />
        <SnackbarProvider maxSnack={SNACKBAR_MAX} autoHideDuration={SNACKBAR_HIDE_MS}>
          <ErrorDialogProvider>
            <RouterProvider router={router} />
          </ErrorDialogProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
