import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isKnownErrorCode, parseApiError } from '@/lib/api-client';

/**
 * The server's explanation of a failure for a toast (spec §8: "the server's error message, or a default
 * message when there is none"): a known error code in our words, else the JSON error body's message.
 * Plain-text bodies (a proxy's error page) and network errors give null, so the caller's default shows.
 */
export function useServerMessage() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown): string | null => {
      if (!(error instanceof ApiError)) return null;
      const parsed = parseApiError(error);
      if (isKnownErrorCode(parsed.code)) return t(`errors.codes.${parsed.code}`);
      try {
        JSON.parse(error.text);
      } catch {
        return null;
      }
      return parsed.message && parsed.message !== error.text ? parsed.message : null;
    },
    [t],
  );
}
