import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas, User } from '@/types/api';

/** What the signed-in user has still to accept, and what they have accepted (issue 16 "Consent"). */
export type Consents = IdentitySchemas['ConsentsOut'];
export type RequiredVersion = IdentitySchemas['PolicyVersionOut'];

export const CONSENTS_URL = '/api/consents';

export function consentsQueryOptions() {
  return queryOptions({ queryKey: [CONSENTS_URL], queryFn: ({ signal }) => getJson<Consents>(CONSENTS_URL, signal) });
}

/** GET /api/consents. */
export function useConsents() {
  return useQuery({ ...consentsQueryOptions(), staleTime: 0 });
}

/**
 * POST /api/consents {documents}: 204, or 422 `consent_version_outdated` when a newer version was published
 * meanwhile. The cached user no longer needs consent once it is given, so the gate lets them through at once.
 */
export function useAcceptConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (documents: RequiredVersion[]) => {
      await apiRequest('POST', CONSENTS_URL, { documents });
    },
    onSuccess: async () => {
      queryClient.setQueryData<User | null>(USER_QUERY_KEY, (user) => user && { ...user, consentRequired: false });
      void queryClient.invalidateQueries({ queryKey: [CONSENTS_URL] });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: [CONSENTS_URL] }),
  });
}
