import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    // The outer Suspense covers the first load of the `common` translations.
    <Suspense fallback={<PageSpinner />}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </Suspense>
  );
}
