import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/api-client';
import { listQueryOptions } from '@/hooks/use-list-params';
import { getJson } from '@/lib/query-client';
import type { PayRun, PayRunSummary, PayrollSchemas } from '@/types/api';

export const PAY_RUNS_URL = '/api/admin/pay-runs';
export const PAY_RUN_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
/** The list is newest first; the server knows no other order. */
export const PAY_RUN_SORTS = ['createdAt'] as const;

export type CreatePayRunInput = PayrollSchemas['PayRunCreate'];
export type MarkPaidInput = PayrollSchemas['PayRunPaid'];
export type LineFailedInput = PayrollSchemas['LineFailed'];

/** GET /api/admin/pay-runs?status=&limit=&offset=: one page of runs with their totals, X-Total-Count. */
export function payRunsPageOptions(query: URLSearchParams) {
  return listQueryOptions<PayRunSummary>(PAY_RUNS_URL, query);
}

export function runUrl(id: number | string): string {
  return `${PAY_RUNS_URL}/${id}`;
}

/** GET /api/admin/pay-runs/{id}: the run with every line and its totals. */
export function payRunQueryOptions(id: number | string) {
  return queryOptions({ queryKey: [runUrl(id)], queryFn: ({ signal }) => getJson<PayRun>(runUrl(id), signal) });
}

export function usePayRun(id: string) {
  return useQuery(payRunQueryOptions(id));
}

/** The bank file and the declaration rows of an approved (or paid) run. */
export function downloadUrls(id: number) {
  return { sepa: `${runUrl(id)}/sepa`, tsd: `${runUrl(id)}/tsd` };
}

/** Every page and filter of the runs list. */
function isPayRunsListQuery({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  const [url] = queryKey;
  return typeof url === 'string' && url.startsWith(`${PAY_RUNS_URL}?`);
}

/** A run's new state: its own query at once, then the lists again. */
async function showRun(queryClient: QueryClient, run: PayRun) {
  queryClient.setQueryData(payRunQueryOptions(run.id).queryKey, run);
  await queryClient.invalidateQueries({ predicate: isPayRunsListQuery });
}

/** POST /api/admin/pay-runs {payDate}: a draft of every payment due by then (422 when not a banking day ahead). */
export function useCreatePayRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePayRunInput) => apiJson<PayRun>('POST', PAY_RUNS_URL, body),
    onSuccess: (run) => showRun(queryClient, run),
  });
}

/** The run actions that answer with the run: approve, paid, a line failed. */
export function useRunAction<Input>(request: (input: Input) => Promise<PayRun>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (run) => showRun(queryClient, run) });
}

export function approveRun(id: number): Promise<PayRun> {
  return apiJson<PayRun>('POST', `${runUrl(id)}/approve`);
}

export function markRunPaid(id: number, body: MarkPaidInput): Promise<PayRun> {
  return apiJson<PayRun>('POST', `${runUrl(id)}/paid`, body);
}

export function markLineFailed(id: number, lineId: number, body: LineFailedInput): Promise<PayRun> {
  return apiJson<PayRun>('POST', `${runUrl(id)}/lines/${lineId}/failed`, body);
}

/** DELETE of a draft: its payments go back to the pool. */
export function useDeletePayRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', runUrl(id));
    },
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: payRunQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ predicate: isPayRunsListQuery });
    },
  });
}
