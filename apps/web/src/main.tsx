import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { loadBusinessTimeZone } from './lib/config';
import './index.css';

const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// Dates are shown in the server's business timezone from the first paint (no wait when the shell names it).
void loadBusinessTimeZone().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
