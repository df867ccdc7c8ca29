import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import i18n from '@/test/i18n';
import { useErrorText } from './use-error-text';
import { useServerMessage } from './use-server-message';

const refusal = (status: number, code: string, message: string) =>
  new ApiError(status, JSON.stringify({ message, code, fields: {} }));

/** Issue 12: the generic codes reached Estonian pages as the server's English message. */
const GENERIC = [
  [refusal(409, 'conflict', 'A signed contract cannot be signed'), 'Seda ei saa praeguses olekus teha.'],
  [refusal(404, 'not_found', 'Contract not found'), 'Otsitavat ei leitud.'],
  [refusal(422, 'invalid_signature', 'The signature must be a PNG image'), 'Allkirja ei õnnestunud vastu võtta.'],
] as const;

describe('error texts for toasts and error states (issue 12)', () => {
  it.each(GENERIC)('a %s toast reads in Estonian on an Estonian page', async (error, estonian) => {
    await act(() => i18n.changeLanguage('et'));
    const serverMessage = renderHook(() => useServerMessage()).result.current;
    const errorText = renderHook(() => useErrorText()).result.current;
    expect(serverMessage(error)).toContain(estonian);
    expect(errorText(error)).toContain(estonian);
  });

  it('falls back to the server message for a code this build has no text for', () => {
    const serverMessage = renderHook(() => useServerMessage()).result.current;
    expect(serverMessage(refusal(409, 'brand_new', 'Something new happened'))).toBe('Something new happened');
  });
});

describe('the default when the server gave no message (issue 37, spec §8)', () => {
  it.each([
    ['a bare status line', new ApiError(500, 'Internal Server Error')],
    ['a proxy page', new ApiError(502, '<html><body>Bad Gateway</body></html>')],
    ['a JSON body without a message', new ApiError(500, '{"detail":"boom"}')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('%s gives the default in the reader\'s language, or the caller\'s own', async (_, error) => {
    await act(() => i18n.changeLanguage('et'));
    const errorText = renderHook(() => useErrorText()).result.current;
    expect(errorText(error)).toBe('Tekkis tundmatu viga. Palun proovige hiljem uuesti.');
    expect(errorText(error, 'Sõnumi saatmisel tekkis probleem.')).toBe('Sõnumi saatmisel tekkis probleem.');
  });

  it("keeps the server's JSON message, and reads the gateway's plain-text 429 as our rate-limit text", () => {
    const errorText = renderHook(() => useErrorText()).result.current;
    expect(errorText(refusal(500, 'brand_new', 'Database is down'))).toBe('Database is down');
    expect(errorText(new ApiError(429, 'Too Many Requests'))).toBe('Too many requests. Please try again in a moment.');
  });
});
