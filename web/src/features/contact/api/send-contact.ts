import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/hooks/use-error-text';
import { apiRequest } from '@/lib/api-client';
import type { MessagesSchemas } from '@/types/api';

export const CONTACT_URL = '/api/contact';

/** The form's values (ContactValues, ../schema.ts) are sent as they are. */
export type SendContactInput = MessagesSchemas['ContactRequest'];

/** POST /api/contact (public). Success is any OK status; the answer's fields are not read (spec §7). */
export async function sendContact(body: SendContactInput): Promise<void> {
  await apiRequest('POST', CONTACT_URL, body);
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}

/**
 * The description of the 'Message Not Sent' toast (spec §8): the server's text when there is one
 * (a known error code in our words, a 429 from the gateway's rate limit too), otherwise the default.
 */
export function useContactErrorText() {
  const { t } = useTranslation('contact');
  const errorText = useErrorText();
  return useCallback((error: unknown): string => errorText(error, t('toast.failure.description')), [errorText, t]);
}
