import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isKnownErrorCode, parseApiError } from '@/lib/api-client';

/**
 * Turns a thrown error into text for a toast: a known server `code` gets our translated text, otherwise
 * the server's `message`, otherwise the raw response text (spec §8: the server's message or a default).
 */
export function useErrorText() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown): string => {
      const parsed = parseApiError(error);
      if (isKnownErrorCode(parsed.code)) return t(`errors.codes.${parsed.code}`);
      return parsed.message || t('errors.unknown');
    },
    [t],
  );
}
