import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { TooltipProvider } from '@/components/ui/tooltip';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import { createQueryClient } from '@/lib/query-client';
import { admin } from '@/test/render';
import { AdminApplicationsTab } from './AdminApplicationsTab';

/** Tests only: the tab at a URL of our choosing, as a shared link or a reload opens it (issue 17). */
export function renderTabAt(path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, admin);
  const router = createMemoryRouter([{ path: '/admin', element: <AdminApplicationsTab /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return router;
}
