import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DialogProvider } from '../components/dialog/DialogProvider';
import { createQueryClient } from './query-client';

/**
 * App-wide providers. They sit above the router so dialogs survive navigation. (Image uploads have
 * theirs in the back-office pages, off a shopper's first load.)
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <DialogProvider>{children}</DialogProvider>
    </QueryClientProvider>
  );
}
