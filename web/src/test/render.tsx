import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import { createQueryClient } from '@/lib/query-client';
import type { User } from '@/types/api';

export const applicant: User = {
  id: 7,
  username: 'mari',
  fullName: 'Mari Maasikas',
  email: 'mari@example.ee',
  phone: '+3725551234',
  role: 'applicant',
  language: 'en',
  secondFactor: false,
  secondFactorPassed: false,
  consentRequired: false,
};

/** An admin signed in with the second factor (issue 15), as every admin page needs. */
export const admin: User = {
  ...applicant,
  id: 1,
  username: 'admin',
  fullName: 'Ada Admin',
  role: 'admin',
  secondFactor: true,
  secondFactorPassed: true,
};

interface RenderOptions {
  /** undefined: the user query is left to load (fetch must be stubbed); null: signed out. */
  user?: User | null;
}

/** Renders the whole route table at `path` with a fresh query client. */
export function renderRoute(path: string, { user }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(USER_QUERY_KEY, user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders a component inside a router and query client, for form tests. */
export function renderWithProviders(ui: ReactElement, { user }: RenderOptions = { user: null }) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(USER_QUERY_KEY, user);
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <p>navigated</p> },
    ],
    { initialEntries: ['/'] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed by "METHOD /path"; unknown calls answer 404. Returns the mock so
 * tests can inspect request bodies.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = handlers[`${init?.method ?? 'GET'} ${url}`];
    return handler ? handler(init) : jsonResponse(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The parsed JSON body of the n-th call to `path`. */
export function requestBody(fetchMock: ReturnType<typeof stubApi>, path: string, n = 0): unknown {
  const call = fetchMock.mock.calls.filter(([input]) => input === path)[n];
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}
