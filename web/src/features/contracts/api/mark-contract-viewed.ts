import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/contracts/{id}/viewed: the applicant has opened a contract they can still sign; the first time is an
 * event on the signing certificate (issue 13). Nothing to show: a failure changes nothing the applicant sees.
 */
export function markContractViewed(id: number): Promise<Response> {
  return apiRequest('POST', `/api/contracts/${id}/viewed`);
}

export function useMarkContractViewed() {
  return useMutation({ mutationFn: markContractViewed });
}
