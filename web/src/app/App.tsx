import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { PageSkeleton } from '@/components/ui/skeleton';
import { AppProviders } from './providers';
import { routes } from './routes';

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * What surrounds the router, shared by the browser's app and the landing page's build-time render
 * (src/prerender.tsx), whose markup the browser hydrates: the two must produce the same elements.
 */
export function AppFrame({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // The outer Suspense covers the first load of translations not bundled with the app.
    <Suspense fallback={<PageSkeleton />}>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </Suspense>
  );
}

/**
 * The app around the route table. The declarative router: the app uses no loaders, actions or fetchers, and it
 * is a third the size of the data router on the first load (issue 18 "First load").
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppFrame queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
