import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApplicationStatus } from '@/components/ui/application-status-badge';
import { apiJson, throwIfResNotOk } from '@/lib/api-client';
import type {
  ApplicationDetail,
  ApplicationListItem,
  ApplicationsPage,
  CompanyAssignmentBody,
  CompanyCreateBody,
  ShelfCompany,
  StatusChangeBody,
} from './types';

export const APPLICATIONS_PATH = '/api/admin/applications';
export const COMPANIES_KEY = ['/api/admin/companies'] as const;
export const PAGE_SIZE = 20;

export interface ListParams {
  search: string;
  status: ApplicationStatus | 'all';
  offset: number;
}

/** The list URL, which is also its query key (spec §7: the key is the URL). */
export function applicationsListUrl({ search, status, offset }: ListParams): string {
  const params = new URLSearchParams();
  const term = search.trim();
  if (term) params.set('search', term);
  if (status !== 'all') params.set('status', status);
  params.set('limit', String(PAGE_SIZE));
  params.set('offset', String(offset));
  return `${APPLICATIONS_PATH}?${params.toString()}`;
}

export function applicationDetailKey(id: string | number) {
  return [`${APPLICATIONS_PATH}/${id}`] as const;
}

/** The admin list with server-side search and filter; the total comes from X-Total-Count. */
export function useApplicationsList(params: ListParams) {
  const url = applicationsListUrl(params);
  return useQuery<ApplicationsPage>({
    queryKey: [url],
    queryFn: async ({ signal }) => {
      const res = await fetch(url, { credentials: 'include', signal });
      await throwIfResNotOk(res);
      const items = (await res.json()) as ApplicationListItem[];
      const raw = res.headers.get('X-Total-Count');
      const total = raw !== null && /^\d+$/.test(raw) ? Number(raw) : items.length;
      return { items, total };
    },
    // Keep the current rows on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useApplicationDetail(id: string) {
  return useQuery<ApplicationDetail>({ queryKey: applicationDetailKey(id) });
}

/** Every query of the admin applications API: the list pages and the details. */
export async function invalidateApplications(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({
      predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(APPLICATIONS_PATH),
    }),
    // A company's status follows its application's (completed means transferred).
    queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  ]);
}

export function useUpdateStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusChangeBody) => apiJson<ApplicationDetail>('PUT', `${APPLICATIONS_PATH}/${id}/status`, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationDetailKey(id), detail);
      await invalidateApplications(queryClient);
    },
  });
}

export function useAssignCompany(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyAssignmentBody) =>
      apiJson<ApplicationDetail>('PUT', `${APPLICATIONS_PATH}/${id}/company`, body),
    onSuccess: async (detail) => {
      queryClient.setQueryData(applicationDetailKey(id), detail);
      await invalidateApplications(queryClient);
    },
  });
}

/** The admin's pick list of applicants (new contracts, document requests): applications, newest first. */
export const APPLICANT_OPTIONS_KEY = [`${APPLICATIONS_PATH}?limit=200`] as const;

export function useApplicantOptions(enabled: boolean) {
  return useQuery<ApplicationListItem[]>({ queryKey: APPLICANT_OPTIONS_KEY, enabled });
}

export function useCompanies(enabled = true) {
  return useQuery<ShelfCompany[]>({ queryKey: COMPANIES_KEY, enabled });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreateBody) => apiJson<ShelfCompany>('POST', '/api/admin/companies', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_KEY }),
  });
}
