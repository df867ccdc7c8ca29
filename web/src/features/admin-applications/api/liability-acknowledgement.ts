import { useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { IdentitySchemas } from '@/types/api';

/** Whether an applicant acknowledged the current version of the liability notice (issue 36), for the admins. */
export type LiabilityAcknowledgement = IdentitySchemas['LiabilityAcknowledgementOut'];

export function applicantAcknowledgementUrl(userId: number) {
  return `/api/admin/users/${userId}/liability-notice`;
}

/** GET /api/admin/users/{userId}/liability-notice: the admins' view on the applicant's file. */
export function useApplicantAcknowledgement(userId: number) {
  const url = applicantAcknowledgementUrl(userId);
  return useQuery({ queryKey: [url], queryFn: ({ signal }) => getJson<LiabilityAcknowledgement>(url, signal), staleTime: 0 });
}
