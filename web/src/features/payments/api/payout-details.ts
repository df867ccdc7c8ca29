import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { PayoutDetails, PayrollSchemas } from '@/types/api';
import { PAYMENTS_URL } from './get-payments';

export const PAYOUT_DETAILS_URL = '/api/payout-details';
/** The funded pension (II pillar) rates a person may choose, in per cent. */
export const PENSION_RATES = [0, 2, 4, 6] as const;

/** PUT /api/payout-details: the IBAN is checked by the server (schwifty); 422 names the field in the user's language. */
export type PayoutDetailsInput = PayrollSchemas['PayoutDetailsIn'];

/** GET /api/payout-details, or null while the person has none (404 `payout_details_missing`). */
export async function getPayoutDetails(signal?: AbortSignal): Promise<PayoutDetails | null> {
  try {
    return await getJson<PayoutDetails>(PAYOUT_DETAILS_URL, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function payoutDetailsQueryOptions() {
  return queryOptions({ queryKey: [PAYOUT_DETAILS_URL], queryFn: ({ signal }) => getPayoutDetails(signal) });
}

export function usePayoutDetails() {
  return useQuery(payoutDetailsQueryOptions());
}

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsInput) => apiJson<PayoutDetails>('PUT', PAYOUT_DETAILS_URL, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(payoutDetailsQueryOptions().queryKey, saved);
      // The withholdings of the payments not yet paid follow the new choices.
      await queryClient.invalidateQueries({ queryKey: [PAYMENTS_URL] });
    },
  });
}
