import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/query-client';
import type { ApplicationsSchemas } from '@/types/api';

/** A compliance client as applications knows it (issue 35): its name and case status, never the case's details. */
export type ClientRef = ApplicationsSchemas['ClientRef'];
export type ClientCaseStatus = ClientRef['status'];

export const HANDOVER_CLIENTS_URL = '/api/admin/companies/handover-clients';

/** GET /api/admin/companies/handover-clients: the clients a company may be handed over to now, A to Z. */
export function handoverClientsQueryOptions() {
  return queryOptions({
    queryKey: [HANDOVER_CLIENTS_URL],
    queryFn: ({ signal }) => getJson<ClientRef[]>(HANDOVER_CLIENTS_URL, signal),
  });
}

export function useHandoverClients(enabled: boolean) {
  return useQuery({ ...handoverClientsQueryOptions(), enabled });
}
