import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest, isKnownErrorCode, parseApiError } from '@/lib/api-client';
import type { ContactValues } from '../schema';

export const CONTACT_URL = '/api/contact';

/** POST /api/contact (public). Success is any OK status; the answer's fields are not read (spec §7). */
export function useSendContact() {
  return useMutation({
    mutationFn: async (values: ContactValues) => {
      await apiRequest('POST', CONTACT_URL, values);
    },
  });
}

/**
 * The description of the 'Message Not Sent' toast (spec §8): the server's text when there is one
 * (a known error code in our words, a 429 from the gateway's rate limit too), otherwise the default.
 */
export function useContactErrorText() {
  const { t } = useTranslation(['contact', 'common']);
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t('contact:toast.failure.description');
      const parsed = parseApiError(error);
      if (isKnownErrorCode(parsed.code)) return t(`common:errors.codes.${parsed.code}`);
      if (error.status === 429) return t('common:errors.codes.rate_limited');
      return parsed.message.trim() || t('contact:toast.failure.description');
    },
    [t],
  );
}
