import { useQuery } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import { apiGetPage } from '@/lib/api-client';
import type { AuditSchemas, IdentitySchemas } from '@/types/api';

export const AUDIT_URL = '/api/admin/audit';
const ADMINS_URL = '/api/admin/admins';

/** One record of the audit log (issue 15): who did what to which record, concerning which applicant, from where. */
export type AuditRecord = AuditSchemas['AuditRecordOut'];

/**
 * GET /api/admin/audit?actor=&applicant=&action=&from=&to=&limit=&offset=: one page, newest first, and
 * X-Total-Count. `from` and `to` are days (yyyy-mm-dd) in Europe/Tallinn, both included.
 */
export function auditPageOptions(query: URLSearchParams) {
  // Records arrive from every service a moment after the action: each visit asks again rather than keep a page.
  return { ...listQueryOptions<AuditRecord>(AUDIT_URL, query), staleTime: 0 };
}

/** An admin the actor filter offers (GET /api/admin/admins, issue 15 Admin management). */
export type AdminChoice = Pick<IdentitySchemas['AdminOut'], 'id' | 'username' | 'fullName'>;

/** The admins, for the actor filter; while they load (or if they cannot) the filter offers only "everyone". */
export function useAdminChoices() {
  return useQuery({
    queryKey: [ADMINS_URL],
    queryFn: async ({ signal }) => (await apiGetPage<AdminChoice>(ADMINS_URL, signal)).items,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
