import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/AppProviders';
import { UploadProgressProvider } from '../components/upload/UploadProgressProvider';

/** The app's providers with the image uploads the back-office pages provide to their sections. */
export function BackOfficeProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <UploadProgressProvider>{children}</UploadProgressProvider>
    </AppProviders>
  );
}
