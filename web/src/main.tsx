/** Mounts the UI: the data cache, the client for this tab's token, and the routes. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import './styles.css';
import './inbox.css';
import './chrome.css';

// Live events keep the cache fresh (live.tsx): no refetch on focus or on a timer. A failed request is shown, not
// retried: the emulator answers at once, and a 4xx (a bad query, a deleted record) would only come again.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
