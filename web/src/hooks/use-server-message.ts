import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isKnownErrorCode, parseApiError } from '@/lib/api-client';

/**
 * The server's explanation of a failure for a toast (spec §8: "the server's error message, or a default
 * message when there is none"): a known error code in our words, else the JSON error body's message; the
 * gateway's plain-text 429 (its rate limit answers before any service) is our rate-limit text. Other plain-text
 * bodies (a proxy's error page, a bare status line such as 'Internal Server Error') and network errors give
 * null, so the caller's default shows.
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
        return error.status === 429 ? t('errors.codes.rate_limited') : null;
      }
      return parsed.message && parsed.message !== error.text ? parsed.message : null;
    },
    [t],
  );
}

/** A destructive toast for a failed request: the given title over the server's message or the default text. */
export function useFailureToast() {
  const { t } = useTranslation('common');
  const serverMessage = useServerMessage();
  return useCallback(
    (title: string, error: unknown) =>
      toast({ title, description: serverMessage(error) ?? t('errors.unknown'), variant: 'destructive' }),
    [serverMessage, t],
  );
}
