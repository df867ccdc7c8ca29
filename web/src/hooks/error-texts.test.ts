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
