import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ApiError, apiGetPage } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function withTotal(response: Response, total: string): Response {
  response.headers.set('X-Total-Count', total);
  return response;
}

describe('apiGetPage (issue 17: every admin list paged on the server, total in X-Total-Count)', () => {
  it('answers the rows and the X-Total-Count total, sending the session cookie', async () => {
    const fetchMock = stubFetch(withTotal(jsonResponse(200, [{ id: 1 }, { id: 2 }]), '12345'));
    const controller = new AbortController();
    const page = await apiGetPage<{ id: number }>('/api/admin/contracts?limit=2&offset=0', controller.signal);
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 12345 });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/contracts?limit=2&offset=0', {
      credentials: 'include',
      signal: controller.signal,
    });
  });

  it('counts the rows when the header is missing or not a number', async () => {
    stubFetch(jsonResponse(200, [{ id: 1 }, { id: 2 }, { id: 3 }]));
    expect((await apiGetPage('/api/admin/messages')).total).toBe(3);
    stubFetch(withTotal(jsonResponse(200, [{ id: 1 }]), 'many'));
    expect((await apiGetPage('/api/admin/messages')).total).toBe(1);
  });

  it('throws an ApiError for a failed answer (e.g. a 422 for a bad sort)', async () => {
    stubFetch(jsonResponse(422, { message: 'Invalid sort', code: 'validation_error' }));
    const error = await apiGetPage('/api/admin/documents?sort=nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
  });
});
