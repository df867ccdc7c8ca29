import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render';
import { ApiError, apiJson, apiRequest, isKnownErrorCode, parseApiError } from './api-client';
import { createQueryClient, getQueryFn, queryKeyToUrl } from './query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('api client (spec §7)', () => {
  it('sends JSON with credentials included', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { ok: true }));
    await apiRequest('POST', '/api/login', { username: 'mari', password: 'secret123' });
    expect(fetchMock).toHaveBeenCalledWith('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'mari', password: 'secret123' }),
      credentials: 'include',
    });
  });

  it('throws "status: response text" for a non-OK response', async () => {
    stubFetch(new Response('{"message":"Invalid username or password","code":"invalid_credentials"}', { status: 401 }));
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow(
      '401: {"message":"Invalid username or password","code":"invalid_credentials"}',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/user')).rejects.toThrow('503: Service Unavailable');
  });

  it('parses JSON answers', async () => {
    stubFetch(jsonResponse(200, { id: 1 }));
    await expect(apiJson<{ id: number }>('GET', '/api/thing')).resolves.toEqual({ id: 1 });
  });
});

describe('parseApiError', () => {
  it('extracts message, code and fields from the server error body', () => {
    const error = new ApiError(
      422,
      JSON.stringify({ message: 'Invalid input', code: 'validation_error', fields: { username: 'Username must be at least 4 characters' } }),
    );
    expect(parseApiError(error)).toEqual({
      status: 422,
      message: 'Invalid input',
      code: 'validation_error',
      fields: { username: 'Username must be at least 4 characters' },
      fieldCodes: {},
    });
  });

  it('turns each field code into the key of its text, so it reads in the reader\'s language (issue 12)', () => {
    const error = new ApiError(
      409,
      JSON.stringify({
        message: 'This username is already taken',
        code: 'username_taken',
        fields: {
          username: 'This username is already taken',
          email: 'An account with this email address already exists',
          idCode: 'Invalid checksum in ID code',
          extra: 'Something only a newer SPA knows',
        },
        fieldCodes: { username: 'username_taken', email: 'email_taken', idCode: 'id_code_checksum', extra: 'brand_new' },
      }),
    );
    expect(parseApiError(error).fields).toEqual({
      username: 'errors.codes.username_taken',
      email: 'errors.codes.email_taken',
      idCode: 'errors.codes.id_code_checksum',
      extra: 'Something only a newer SPA knows',
    });
    expect(parseApiError(error).fieldCodes.idCode).toBe('id_code_checksum');
  });

  it('knows a code when there is a text for it', () => {
    for (const code of ['conflict', 'not_found', 'invalid_signature', 'id_code_taken', 'bad_gateway']) {
      expect(isKnownErrorCode(code)).toBe(true);
    }
    expect(isKnownErrorCode('brand_new')).toBe(false);
    expect(isKnownErrorCode(null)).toBe(false);
  });

  it('falls back to the raw text when the body is not the JSON error shape', () => {
    expect(parseApiError(new ApiError(502, 'Bad Gateway'))).toEqual({
      status: 502,
      message: 'Bad Gateway',
      code: null,
      fields: {},
      fieldCodes: {},
    });
  });

  it('uses the message of other errors', () => {
    expect(parseApiError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
  });
});

describe('query defaults (spec §7)', () => {
  it('uses the key as URL', () => {
    expect(queryKeyToUrl(['/api/admin/applications', 5])).toBe('/api/admin/applications/5');
  });

  it('never retries, never refetches on focus and never goes stale', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.retry).toBe(false);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.staleTime).toBe(Infinity);
  });

  it('the default query function GETs the key with credentials', async () => {
    const fetchMock = stubFetch(jsonResponse(200, [{ id: 1 }]));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/documents'] })).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/documents');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'include' });
  });

  it('a 401 on /api/user means signed out (null), elsewhere an error', async () => {
    const client = new QueryClient();
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401: 'returnNull' }) })).resolves.toBeNull();
    stubFetch(new Response('{"message":"Not signed in"}', { status: 401 }));
    await expect(client.fetchQuery({ queryKey: ['/api/profile'], queryFn: getQueryFn({ on401: 'throw' }) })).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    );
  });
});
