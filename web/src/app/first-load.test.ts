// @vitest-isolate: the first load starts i18next and the queries as the app does, from a fresh module graph.
import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseI18nOptions } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { applicant, jsonResponse } from '@/test/render';
import { firstLoadPlan, startFirstLoad } from './first-load';

/** An i18next whose backend records which namespaces it was asked for, answering at once. */
async function recordingI18n(requested: string[]): Promise<I18n> {
  const backend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (lng, ns, callback) => {
      requested.push(`${lng}/${ns}`);
      callback(null, {});
    },
  };
  const instance = createInstance();
  await instance.use(backend).init({ ...baseI18nOptions, lng: 'en', initAsync: false });
  requested.length = 0;
  return instance;
}

/** fetch that records every URL and leaves /api/user pending until `answerUser` is called. */
function stubFetch(user: typeof applicant | null) {
  const calls: string[] = [];
  let answerUser: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url === '/api/user') {
        await new Promise<void>((resolve) => (answerUser = resolve));
        return user ? jsonResponse(200, user) : jsonResponse(401, { message: 'Not signed in', code: 'not_authenticated' });
      }
      if (url === '/api/application') return jsonResponse(200, { application: null });
      return jsonResponse(404, { message: 'Not found', code: 'not_found' });
    }),
  );
  return { calls, answerUser: () => answerUser() };
}

afterEach(() => vi.unstubAllGlobals());

describe('firstLoadPlan (issue 18 "First load")', () => {
  it("names each page's namespaces, code and data", () => {
    expect(firstLoadPlan('/').namespaces).toEqual(['landing', 'contact']);
    expect(firstLoadPlan('/').preload).toBeUndefined();
    const dashboard = firstLoadPlan('/dashboard/');
    expect(dashboard.namespaces).toEqual(['dashboard', 'applications']);
    expect(dashboard.preload).toBeTypeOf('function');
    expect(dashboard.prefetchFor).toBeTypeOf('function');
    expect(firstLoadPlan('/privacy').namespaces).toEqual(['legal']);
    expect(firstLoadPlan('/admin/applications/12').namespaces).toEqual(['admin', 'applications']);
    expect(firstLoadPlan('/admin/applications/abc').namespaces).toEqual([]);
    expect(firstLoadPlan('/no-such-page')).toEqual({ namespaces: [] });
  });
});

describe('startFirstLoad (issue 18: at most two round trips before the application tab)', () => {
  it('asks for the user and the translations together, and for the application once the user is known', async () => {
    const requested: string[] = [];
    const i18n = await recordingI18n(requested);
    const { calls, answerUser } = stubFetch(applicant);
    const queryClient = createQueryClient();

    const done = startFirstLoad({ queryClient, i18n, pathname: '/dashboard' });
    // Round one, all at once: the user and every namespace the page renders with (English and its fallback).
    await vi.waitFor(() => expect(calls).toEqual(['/api/user']));
    expect(requested.sort()).toEqual(
      ['en/auth', 'en/applications', 'en/dashboard', 'et/auth', 'et/applications', 'et/dashboard'].sort(),
    );
    // Round two: the tab's data, which needs the session the user call confirms.
    answerUser();
    await done;
    expect(calls).toEqual(['/api/user', '/api/application']);
    expect(queryClient.getQueryData(['/api/user'])).toEqual(applicant);
    expect(queryClient.getQueryData(['/api/application'])).toEqual({ application: null });
  });

  it('asks a signed-out visitor for no data, and pages without data only for the user', async () => {
    const i18n = await recordingI18n([]);
    const signedOut = stubFetch(null);
    const done = startFirstLoad({ queryClient: createQueryClient(), i18n, pathname: '/dashboard' });
    await vi.waitFor(() => expect(signedOut.calls).toEqual(['/api/user']));
    signedOut.answerUser();
    await done;
    expect(signedOut.calls).toEqual(['/api/user']);

    const landing = stubFetch(applicant);
    const onLanding = startFirstLoad({ queryClient: createQueryClient(), i18n, pathname: '/' });
    await vi.waitFor(() => expect(landing.calls).toEqual(['/api/user']));
    landing.answerUser();
    await onLanding;
    expect(landing.calls).toEqual(['/api/user']);
  });
});
