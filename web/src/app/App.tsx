import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { PageSkeleton } from '@/components/ui/skeleton';
import { AppProviders } from './providers';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app around the route table. The declarative router: the app uses no loaders, actions or fetchers, and it
 * is a third the size of the data router on the first load (issue 18 "First load").
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    // The outer Suspense covers the first load of translations not bundled with the app.
    <Suspense fallback={<PageSkeleton />}>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </Suspense>
  );
}
