import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DialogProvider } from '../components/dialog/DialogProvider';
import { UploadProgressProvider } from '../components/upload/UploadProgressProvider';
import { createQueryClient } from './query-client';

/** App-wide providers. They sit above the router so dialogs survive navigation. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <DialogProvider>
        <UploadProgressProvider>{children}</UploadProgressProvider>
      </DialogProvider>
    </QueryClientProvider>
  );
}
