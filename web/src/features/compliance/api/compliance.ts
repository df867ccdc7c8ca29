import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryOptions } from '@/hooks/use-list-params';
import { apiJson } from '@/lib/api-client';
import { getJson } from '@/lib/query-client';
import type { ComplianceSchemas } from '@/types/api';

/** Issue 35: client due diligence, sanctions screening and suspicion reports (the compliance service). */
export type ClientSummary = ComplianceSchemas['ClientSummary'];
export type ClientCase = ComplianceSchemas['ClientOut'];
export type ClientInput = ComplianceSchemas['ClientIn'];
export type PersonInput = ComplianceSchemas['PersonIn'];
export type ScreeningHit = ComplianceSchemas['HitOut'];
export type ListVersion = ComplianceSchemas['ListOut'];
export type ListImport = ComplianceSchemas['ImportOut'];
export type SuspicionReport = ComplianceSchemas['ReportOut'];
export type ClientStatus = ClientSummary['status'];
export type RiskLevel = ClientSummary['riskLevel'];
export type HitStatus = ScreeningHit['status'];
export type HitDecision = ComplianceSchemas['DecisionIn']['decision'];

export const CLIENTS_URL = '/api/admin/clients';
export const HITS_URL = '/api/admin/screening/hits';
export const LISTS_URL = '/api/admin/screening/lists';
export const REPORTS_URL = '/api/admin/suspicion-reports';
export const CLIENT_STATUSES = ['draft', 'in_review', 'approved', 'rejected', 'closed'] as const;
export const HIT_STATUSES = ['open', 'cleared', 'confirmed'] as const;
export const REPORT_STATUSES = ['open', 'in_progress', 'reported', 'closed'] as const;
export const LIST_SOURCES = ['eu', 'un', 'uk'] as const;
export const NEWEST_FIRST = ['createdAt'] as const;

export function clientsPageOptions(query: URLSearchParams) {
  return listQueryOptions<ClientSummary>(CLIENTS_URL, query);
}

export function hitsPageOptions(query: URLSearchParams) {
  return listQueryOptions<ScreeningHit>(HITS_URL, query);
}

export function listsPageOptions(query: URLSearchParams) {
  return listQueryOptions<ListVersion>(LISTS_URL, query);
}

export function reportsPageOptions(query: URLSearchParams) {
  return listQueryOptions<SuspicionReport>(REPORTS_URL, query);
}

function clientUrl(id: number | string): string {
  return `${CLIENTS_URL}/${id}`;
}

export function clientQueryOptions(id: number | string) {
  return queryOptions({ queryKey: [clientUrl(id)], queryFn: ({ signal }) => getJson<ClientCase>(clientUrl(id), signal) });
}

export function useClientCase(id: string) {
  return useQuery(clientQueryOptions(id));
}

/** Every list of the tab: its pages and filters start with one of the tab's URLs. */
function isComplianceQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && [CLIENTS_URL, HITS_URL, LISTS_URL, REPORTS_URL].some((base) => url.startsWith(base));
}

/** A change anywhere in the tab: the lists and cases again (a decision changes a case's open hits). */
export function useComplianceMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ predicate: isComplianceQuery }),
  });
}

export const createClient = (body: ClientInput) => apiJson<ClientCase>('POST', CLIENTS_URL, body);
export const addPerson = ({ clientId, body }: { clientId: number; body: PersonInput }) =>
  apiJson<ComplianceSchemas['PersonOut']>('POST', `${clientUrl(clientId)}/people`, body);
export const caseAction = ({ clientId, action, reason }: { clientId: number; action: 'submit' | 'approve' | 'reject'; reason?: string }) =>
  apiJson<ClientCase>('POST', `${clientUrl(clientId)}/${action}`, action === 'reject' ? { reason } : undefined);
/** The business relationship ended (issue 35): the case is closed and erased five years after ``endedOn``. */
export const closeCase = ({ clientId, endedOn }: { clientId: number; endedOn: string }) =>
  apiJson<ClientCase>('POST', `${clientUrl(clientId)}/close`, endedOn ? { endedOn } : {});
export const decideHit = ({ hitId, decision, reason }: { hitId: number; decision: HitDecision; reason: string }) =>
  apiJson<ScreeningHit>('POST', `${HITS_URL}/${hitId}/decision`, { decision, reason });
export const importList = ({ source, file }: { source: string; file: File }) => {
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  return apiJson<ListImport>('POST', LISTS_URL, form);
};
export const updateReport = ({ id, status }: { id: number; status: SuspicionReport['status'] }) =>
  apiJson<SuspicionReport>('PUT', `${REPORTS_URL}/${id}`, { status });
