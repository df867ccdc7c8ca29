import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazyPages } from '@/app/pages/lazy-pages';
import { ownApplicationQueryOptions } from '@/features/dashboard/api/get-own-application';
import { userQueryOptions } from '@/lib/auth/get-user';
import type { User } from '@/types/api';

/** What a page needs before it can show its content, all of which the first load starts at once. */
export interface FirstLoadPlan {
  /** Translation namespaces the page renders with, besides the header's. */
  namespaces: readonly string[];
  /** Downloads the page's code. */
  preload?: () => Promise<unknown>;
  /** The page's data for a signed-in user, started as soon as the user is known. */
  prefetchFor?: (queryClient: QueryClient, user: User) => Promise<unknown>;
}

/** Every page's header and footer (the sign-out texts live in `auth`). */
export const LAYOUT_NAMESPACES = ['common', 'auth'] as const;

const LEGAL_PATHS = new Set(['/terms', '/privacy', '/cookies', '/gdpr']);
const APPLICATION_FILE_PATH = /^\/admin\/applications\/\d+\/?$/;

/** The first-load plan of the page at `pathname` (the route table of spec §2). */
export function firstLoadPlan(pathname: string): FirstLoadPlan {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === '/') return { namespaces: ['landing', 'contact'] };
  if (path === '/auth') return { namespaces: ['auth'], preload: lazyPages.auth.preload };
  if (LEGAL_PATHS.has(path)) return { namespaces: ['legal'], preload: lazyPages.legal.preload };
  if (path === '/verify') return { namespaces: ['verify'], preload: lazyPages.verify.preload };
  if (path === '/consent') return { namespaces: ['consent', 'contract'], preload: lazyPages.consent.preload };
  if (path === '/dashboard') {
    return {
      namespaces: ['dashboard', 'applications'],
      preload: lazyPages.dashboard.preload,
      // The application tab is the dashboard's first (spec §2).
      prefetchFor: (queryClient) => queryClient.prefetchQuery(ownApplicationQueryOptions()),
    };
  }
  if (path === '/admin') return { namespaces: ['admin', 'applications'], preload: lazyPages.admin.preload };
  if (APPLICATION_FILE_PATH.test(path)) {
    return { namespaces: ['admin', 'applications'], preload: lazyPages.applicationFile.preload };
  }
  return { namespaces: [] };
}

/**
 * Starts everything the page at `pathname` needs in one round: the signed-in user, the translations and the
 * page's code together, and the page's data as soon as the user is known, so at most two round trips come
 * before the content (issue 18 "First load": no request waterfalls). Components then find it all cached or in
 * flight. Resolves when all of it has settled; failures are left to the components, which show them.
 */
export async function startFirstLoad({
  queryClient,
  i18n,
  pathname,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  pathname: string;
}): Promise<void> {
  const plan = firstLoadPlan(pathname);
  // In this order: over HTTP/1.1 the browser queues what exceeds six connections, and the page's code brings
  // most files, so the user and the translations go first.
  const user = queryClient.fetchQuery(userQueryOptions()).catch(() => null);
  const translations = i18n.loadNamespaces([...LAYOUT_NAMESPACES, ...plan.namespaces]);
  const code = plan.preload?.();
  const data = user.then((signedIn) => (signedIn && plan.prefetchFor ? plan.prefetchFor(queryClient, signedIn) : undefined));
  await Promise.allSettled([user, translations, code, data]);
}
