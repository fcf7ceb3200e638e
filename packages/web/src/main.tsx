import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { appRouter } from './app/router.tsx';
import { prefetchSession } from './session/prefetch-session.ts';
import { queryClient } from './app/query-client.ts';
import { i18nReady } from './i18n/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

prefetchSession(queryClient);
appRouter();
// The first render waits for the texts: a suspended first render would hold every later one back.
void i18nReady.finally(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
