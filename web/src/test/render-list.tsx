/** Rendering and fetch stubs for the server-paged admin lists' tests (documents, contracts, messages). */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import { createQueryClient } from '@/lib/query-client';
import type { User } from '@/types/api';

export const adminUser: User = {
  id: 1,
  username: 'admin',
  fullName: 'Ada Admin',
  email: 'ada@example.ee',
  phone: '+3725551234',
  role: 'admin',
  language: 'en',
  secondFactor: true,
  secondFactorPassed: true,
  consentRequired: false,
};

/** Renders `ui` at `url` (a URL the list state is read from), with a query client and the toaster. */
export function renderAt(ui: ReactElement, url: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_QUERY_KEY, adminUser);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
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

/** The URL's query as an object, for comparing the list's API calls. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://portal.test').searchParams);
}

type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;

/** Stubs fetch: `answer` gets each call's parsed URL; no answer is a 404. Returns the mock. */
export function stubFetch(answer: Answer) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const response = await answer(url, init);
    return (
      response ??
      new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      })
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A page of a list: the rows and X-Total-Count. */
export function pageResponse(items: unknown[], total = items.length): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Every call of `method` to `path`, as [query, parsed JSON body]. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://portal.test').pathname === path)
    .map(([input, init]) => ({
      query: queryOf(String(input)),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    }));
}
