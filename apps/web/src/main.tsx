import './zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { markHistoryEntry } from './app/ScrollPositions';
import { loadBusinessTimeZone } from './lib/config';

markHistoryEntry();
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// Dates are shown in the server's business timezone from the first paint (no wait when the shell names it).
void loadBusinessTimeZone().finally(() => {
  // A storefront page comes with its first screen rendered by the server (entry-server.tsx): the
  // app takes over that markup instead of painting it again, in a task of its own (a phone's main
  // thread is not held for this module's evaluation and the hydration at once).
  if (container.firstElementChild) setTimeout(() => hydrateRoot(container, app), 0);
  else createRoot(container).render(app);
});
