import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerMessage } from './use-server-message';

/**
 * Turns a thrown error into text for a toast or an error state (spec §8: "the server's error message, or a
 * default message when there is none", in the reader's language): a known server `code` in our words, else the
 * message of the server's JSON error body, else the default - `fallback` when the caller has its own (the
 * contact form's), otherwise the generic 'An unknown error occurred'. A bare status line ('Internal Server
 * Error'), a proxy's page or a network failure ('Failed to fetch') is not a server message: it is English
 * whatever the page's language and says nothing to the reader.
 */
export function useErrorText() {
  const { t } = useTranslation('common');
  const serverMessage = useServerMessage();
  return useCallback(
    (error: unknown, fallback?: string): string => serverMessage(error) ?? fallback ?? t('errors.unknown'),
    [serverMessage, t],
  );
}
