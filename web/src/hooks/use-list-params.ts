import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataTableServerProps, DataTableSort } from '@/components/ui/data-table';
import { apiGetPage } from '@/lib/api-client';

/*
 * A server-paged admin list's state in the URL (issue 17: "keep their state in the URL so a view can be
 * shared and survives a reload"): q, status, sort, order, page and named filters such as assignee or view.
 * Values equal to their default stay out of the URL; any change but paging starts again at page 1.
 */

export const SEARCH_DEBOUNCE_MS = 300;

export type SortOrder = 'asc' | 'desc';

export interface ListDefaults {
  sort: string;
  order: SortOrder;
  pageSize: number;
  /** The status filter when the URL names none; '' (no filter) unless given. */
  status?: string;
}

export interface UseListParamsOptions<F extends string> {
  defaults: ListDefaults;
  /** Names of further filters kept in the URL, e.g. ['assignee']; each is '' when not set. */
  filters?: readonly F[];
  /** The sorts the list knows: any other value in the URL (an old or hand-edited link) means the default. */
  sorts?: readonly string[];
  /** The statuses the list knows, likewise. */
  statuses?: readonly string[];
  /** Prefix of every URL key, for a second list on the same page: 'companies.' keeps companies.q, companies.page… */
  prefix?: string;
}

export interface ListParams<F extends string> {
  /** The search the rows answer: what the URL holds. */
  q: string;
  /** The search box's text, ahead of `q` while the user types (q follows it after SEARCH_DEBOUNCE_MS). */
  searchText: string;
  /** '' when the list is not filtered by status. */
  status: string;
  sort: string;
  order: SortOrder;
  /** The page shown, from 1 as in the URL. */
  page: number;
  pageSize: number;
  filters: Record<F, string>;
}

export interface TablePropsOptions {
  /** The server's total (X-Total-Count); undefined while the first page loads. */
  total: number | undefined;
  /** Names the page navigation for screen readers. */
  paginationLabel: string;
  /** The search box's label; leave out for a list without a search box. */
  searchLabel?: string;
  searchPlaceholder?: string;
}

export interface ListState<F extends string> {
  params: ListParams<F>;
  setQ: (text: string) => void;
  /** '' clears the status filter (back to the default). */
  setStatus: (status: string) => void;
  /** Without `order`: the other order when the column is the current one, else ascending. */
  setSort: (sort: string, order?: SortOrder) => void;
  setPage: (page: number) => void;
  setFilter: (name: F, value: string) => void;
  /** Several changes in one history entry (null or '' removes a key); the page starts again at 1. */
  update: (changes: Partial<Record<'q' | 'status' | 'sort' | 'order' | F, string | null>>) => void;
  /** Whether a search, status or filter narrows the list (for the right empty-state text). */
  isFiltered: boolean;
  /** The API's query: q, status, sort, order, the filters that are set, limit and offset. */
  apiQuery: URLSearchParams;
  /** DataTable's server-paged props: sort, pagination and (given a searchLabel) the search box. */
  tableProps: (options: TablePropsOptions) => DataTableServerProps;
}

function oneOf(value: string | null, known: readonly string[] | undefined, fallback: string): string {
  if (value === null || value === '') return fallback;
  return known === undefined || known.includes(value) ? value : fallback;
}

function pageNumber(value: string | null): number {
  const page = value !== null && /^\d+$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

export function useListParams<F extends string = never>(options: UseListParamsOptions<F>): ListState<F> {
  const { defaults, filters = [], sorts, statuses, prefix = '' } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const key = (name: string) => `${prefix}${name}`;

  const q = (searchParams.get(key('q')) ?? '').trim();
  const status = oneOf(searchParams.get(key('status')), statuses, defaults.status ?? '');
  const sort = oneOf(searchParams.get(key('sort')), sorts, defaults.sort);
  const rawOrder = searchParams.get(key('order'));
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaults.order;
  const page = pageNumber(searchParams.get(key('page')));
  const filterValues = Object.fromEntries(filters.map((name) => [name, searchParams.get(key(name)) ?? ''])) as Record<
    F,
    string
  >;
  const defaultOf: Record<string, string> = {
    q: '',
    status: defaults.status ?? '',
    sort: defaults.sort,
    order: defaults.order,
    page: '1',
  };

  // The box's text is ours while the user types; a q changed from outside (back button, a link) replaces it. The
  // q our own debounced write put there does not: keys typed while it landed are newer (issue 32: a slow machine
  // turned '38004' into '3804').
  const [searchText, setSearchText] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  const [writtenQ, setWrittenQ] = useState<string | null>(null);
  if (q !== seenQ) {
    setSeenQ(q);
    if (q !== writtenQ && q !== searchText.trim()) setSearchText(q);
  }

  // The debounced write runs after later renders: it must use the newest setter, which knows the newest URL.
  const setSearchParamsRef = useRef(setSearchParams);
  useEffect(() => {
    setSearchParamsRef.current = setSearchParams;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const write = (changes: Record<string, string | null | undefined>, { replace = false, keepPage = false } = {}) => {
    setSearchParamsRef.current(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined) continue;
          if (value === null || value === '' || value === defaultOf[name]) next.delete(key(name));
          else next.set(key(name), value);
        }
        if (!keepPage) next.delete(key('page'));
        return next;
      },
      { replace },
    );
  };

  const setQ = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setWrittenQ(text.trim());
      write({ q: text.trim() }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  };
  const setSort = (column: string, nextOrder?: SortOrder) => {
    const toggled: SortOrder = column === sort && order === 'asc' ? 'desc' : 'asc';
    write({ sort: column, order: nextOrder ?? toggled });
  };
  const setPage = (next: number) => write({ page: String(Math.max(1, Math.floor(next))) }, { keepPage: true });

  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (status) query.set('status', status);
  query.set('sort', sort);
  query.set('order', order);
  for (const name of filters) if (filterValues[name]) query.set(name, filterValues[name]);
  query.set('limit', String(defaults.pageSize));
  query.set('offset', String((page - 1) * defaults.pageSize));
  const queryString = query.toString();
  // The same object while the query stays the same, so it can be an effect's or a memo's dependency.
  const apiQuery = useMemo(() => new URLSearchParams(queryString), [queryString]);

  const params: ListParams<F> = {
    q,
    searchText,
    status,
    sort,
    order,
    page,
    pageSize: defaults.pageSize,
    filters: filterValues,
  };

  return {
    params,
    setQ,
    setStatus: (next) => write({ status: next }),
    setSort,
    setPage,
    setFilter: (name, value) => write({ [name]: value }),
    update: (changes) => write(changes),
    isFiltered: q !== '' || status !== (defaults.status ?? '') || filters.some((name) => filterValues[name] !== ''),
    apiQuery,
    tableProps: ({ total, paginationLabel, searchLabel, searchPlaceholder }) => ({
      sort: { column: sort, direction: order } satisfies DataTableSort,
      onSortChange: (next: DataTableSort) => setSort(next.column, next.direction),
      pagination:
        total === undefined
          ? undefined
          : {
              page: page - 1,
              pageSize: defaults.pageSize,
              total,
              onPageChange: (next: number) => setPage(next + 1),
              label: paginationLabel,
            },
      search:
        searchLabel === undefined
          ? undefined
          : { value: searchText, onChange: setQ, label: searchLabel, placeholder: searchPlaceholder },
    }),
  };
}

/**
 * The query of one page of a list: its key is the URL (spec §7), and the rows shown stay while the next
 * page, search or sort loads (`isPlaceholderData` → DataTable's `stale`).
 */
export function listQueryOptions<T>(baseUrl: string, apiQuery: URLSearchParams) {
  const url = `${baseUrl}?${apiQuery.toString()}`;
  return queryOptions({
    queryKey: [url],
    queryFn: ({ signal }) => apiGetPage<T>(url, signal),
    placeholderData: keepPreviousData,
  });
}
