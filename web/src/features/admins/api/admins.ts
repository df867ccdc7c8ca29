import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas, User } from '@/types/api';

/** An admin in the Admins tab (issue 15 "Admin management"). */
export type AdminAccount = IdentitySchemas['AdminOut'];
/** An invitation not yet accepted nor expired. */
export type AdminInvitation = IdentitySchemas['AdminInvitationOut'];
export type InviteAdminInput = IdentitySchemas['AdminInvitationRequest'];
/** What the invitation page shows its holder. */
export type InvitationPreview = IdentitySchemas['InvitationPreview'];
export type AcceptInvitationInput = IdentitySchemas['InvitationAccept'];

export const ADMINS_URL = '/api/admin/admins';
export const INVITATIONS_URL = '/api/admin/admin-invitations';

export function adminsQueryOptions() {
  return queryOptions({ queryKey: [ADMINS_URL], queryFn: ({ signal }) => getJson<AdminAccount[]>(ADMINS_URL, signal) });
}

export function invitationsQueryOptions() {
  return queryOptions({
    queryKey: [INVITATIONS_URL],
    queryFn: ({ signal }) => getJson<AdminInvitation[]>(INVITATIONS_URL, signal),
  });
}

/** GET /api/admin/admins: every admin, active ones first. */
export function useAdmins() {
  return useQuery(adminsQueryOptions());
}

/** GET /api/admin/admin-invitations: the pending invitations, newest first. */
export function usePendingInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** POST /api/admin/admin-invitations: the invitee is e-mailed a link valid 48 hours. */
export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteAdminInput) => apiJson<AdminInvitation>('POST', INVITATIONS_URL, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INVITATIONS_URL] }),
  });
}

export type AdminAction = 'deactivate' | 'reset-second-factor';

/**
 * POST /api/admin/admins/{id}/deactivate (their sessions end at once) or .../reset-second-factor (they enrol
 * again at their next sign-in); the answer replaces the admin's row.
 */
export function useAdminAction(action: AdminAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<AdminAccount>('POST', `${ADMINS_URL}/${id}/${action}`),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminAccount[]>([ADMINS_URL], (admins) =>
        admins?.map((admin) => (admin.id === updated.id ? updated : admin)),
      );
      return queryClient.invalidateQueries({ queryKey: [ADMINS_URL] });
    },
  });
}

/** GET /api/admin-invitations/{token} (public): 404 unknown, 410 used or expired. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['/api/admin-invitations', token],
    queryFn: ({ signal }) => getJson<InvitationPreview>(`/api/admin-invitations/${encodeURIComponent(token)}`, signal),
    enabled: token !== '',
  });
}

/** POST /api/admin-invitations/accept: the new admin, signed in without a second factor yet. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) => apiJson<User>('POST', '/api/admin-invitations/accept', body),
  });
}

/** PUT /api/admin/admins/{id}/compliance-officer (issue 35): a compliance officer names or removes another. */
export function useSetComplianceOfficer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, complianceOfficer }: { id: number; complianceOfficer: boolean }) =>
      apiJson<AdminAccount>('PUT', `${ADMINS_URL}/${id}/compliance-officer`, { complianceOfficer }),
    onSuccess: (updated) =>
      queryClient.setQueryData<AdminAccount[]>([ADMINS_URL], (admins) => admins?.map((admin) => (admin.id === updated.id ? updated : admin))),
  });
}
