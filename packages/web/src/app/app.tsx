import { CssBaseline } from '@mui/material';
import { AppThemeProvider } from '../theme/app-theme-provider.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorDialogProvider } from '../components/error-dialog/error-dialog-provider.tsx';
import { SnackbarHost } from '../components/snackbars/snackbar-host.tsx';
import { createAppTheme } from '../theme/create-app-theme.ts';
import { queryClient } from './query-client.ts';
import { appRouter } from './router.tsx';

const defaultTheme = createAppTheme(undefined);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider theme={defaultTheme}>
        <CssBaseline />
        <ErrorDialogProvider>
          <RouterProvider router={appRouter()} />
        </ErrorDialogProvider>
        <SnackbarHost />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
