import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';

const URL = '/api/email-preferences';

/**
 * Which e-mails the signed-in user wants (issue 14): reminders about due and overdue document requests, and
 * status updates (every other applicant e-mail but the welcome). Security e-mails always go.
 */
export interface EmailPreferences {
  reminders: boolean;
  statusUpdates: boolean;
}

export function emailPreferencesQueryOptions() {
  return queryOptions({ queryKey: [URL], queryFn: ({ signal }) => getJson<EmailPreferences>(URL, signal) });
}

/** GET /api/email-preferences */
export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}

/** PUT /api/email-preferences: answers the saved preferences, which the query then holds. */
export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) => apiJson<EmailPreferences>('PUT', URL, preferences),
    onSuccess: (saved) => queryClient.setQueryData(emailPreferencesQueryOptions().queryKey, saved),
  });
}
