import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useListParams, type ListState } from './use-list-params';

type Filter = 'assignee';

/** What the probes' hooks answered at their last render, stored once it committed. */
const seen: { list?: ListState<Filter>; companies?: ListState<never> } = {};
const list = () => seen.list as ListState<Filter>;

function Probe() {
  const state = useListParams<Filter>({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: 50 },
    filters: ['assignee'],
    sorts: ['createdAt', 'name', 'status'],
    statuses: ['pending', 'in_review'],
  });
  useEffect(() => {
    seen.list = state;
  });
  const location = useLocation();
  return (
    <>
      <input aria-label="Search" value={state.params.searchText} onChange={(event) => state.setQ(event.target.value)} />
      <output data-testid="url">{location.search}</output>
      <output data-testid="api">{state.apiQuery.toString()}</output>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/admin', element: <Probe /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const url = () => screen.getByTestId('url').textContent;
const api = () => screen.getByTestId('api').textContent;

describe('useListParams (issue 17: tables keep their state in the URL)', () => {
  it('reads the list state from the URL and turns it into the API query with limit and offset', () => {
    renderAt('/admin?q=mari&status=pending&sort=name&order=asc&page=3&assignee=me&tab=applications');
    expect(list().params).toMatchObject({
      q: 'mari',
      searchText: 'mari',
      status: 'pending',
      sort: 'name',
      order: 'asc',
      page: 3,
      pageSize: 50,
      filters: { assignee: 'me' },
    });
    expect(api()).toBe('q=mari&status=pending&sort=name&order=asc&assignee=me&limit=50&offset=100');
    expect(list().isFiltered).toBe(true);
  });

  it('uses the defaults for missing or unknown values (an old or hand-edited link)', () => {
    renderAt('/admin?sort=password&order=sideways&status=bogus&page=-2');
    expect(list().params).toMatchObject({ q: '', status: '', sort: 'createdAt', order: 'desc', page: 1 });
    expect(api()).toBe('sort=createdAt&order=desc&limit=50&offset=0');
    expect(list().isFiltered).toBe(false);
  });

  it('leaves defaults out of the URL and starts again at page 1 when a filter or the sort changes', async () => {
    const router = renderAt('/admin?tab=applications&page=4');
    act(() => list().setStatus('in_review'));
    expect(url()).toBe('?tab=applications&status=in_review');
    act(() => list().setPage(2));
    expect(url()).toBe('?tab=applications&status=in_review&page=2');
    act(() => list().setFilter('assignee', 'me'));
    expect(url()).toBe('?tab=applications&status=in_review&assignee=me');
    act(() => list().setPage(1));
    expect(url()).toBe('?tab=applications&status=in_review&assignee=me');
    act(() => list().setStatus(''));
    act(() => list().setFilter('assignee', ''));
    expect(url()).toBe('?tab=applications');
    // Filter changes are history entries: the back button undoes them.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(url()).toBe('?tab=applications&assignee=me'));
  });

  it('toggles the order when the same column is sorted again, ascending for a new column', () => {
    renderAt('/admin?page=2');
    act(() => list().setSort('createdAt'));
    expect(url()).toBe('?order=asc');
    act(() => list().setSort('createdAt'));
    expect(url()).toBe('');
    act(() => list().setSort('name'));
    expect(url()).toBe('?sort=name&order=asc');
    act(() => list().setSort('name', 'desc'));
    expect(url()).toBe('?sort=name');
    expect(list().params).toMatchObject({ sort: 'name', order: 'desc' });
  });

  it('debounces the search into the URL, replacing the history entry, and resets the page', async () => {
    const user = userEvent.setup();
    const router = renderAt('/admin?page=3');
    const entries = () => router.state.historyAction;
    await user.type(screen.getByLabelText('Search'), '  Tamm');
    // The box follows every key; the URL (and so the API query) only once typing stops.
    expect(screen.getByLabelText('Search')).toHaveValue('  Tamm');
    expect(url()).toBe('?page=3');
    await waitFor(() => expect(url()).toBe('?q=Tamm'), { timeout: SEARCH_DEBOUNCE_MS * 5 });
    expect(entries()).toBe('REPLACE');
    expect(api()).toBe('q=Tamm&sort=createdAt&order=desc&limit=50&offset=0');
    // The user's own spacing stays in the box.
    expect(screen.getByLabelText('Search')).toHaveValue('  Tamm');
  });

  it('keeps the keys typed while the debounced search lands in the URL', () => {
    // Issue 32: under load the URL's update came after the next key, and the box was set back to the older text
    // ('38004' became '3804').
    vi.useFakeTimers();
    try {
      renderAt('/admin');
      act(() => list().setQ('380'));
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS); // q=380 is written...
        list().setQ('3800'); // ...and the next key comes before the page renders with it
      });
      expect(screen.getByLabelText('Search')).toHaveValue('3800');
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(url()).toBe('?q=3800');
      expect(screen.getByLabelText('Search')).toHaveValue('3800');
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a search changed from outside (back button, a link) into the box', async () => {
    const router = renderAt('/admin?q=mari');
    act(() => void router.navigate('/admin?q=jaan'));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue('jaan'));
    act(() => void router.navigate('/admin'));
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue(''));
  });

  it('gives DataTable its server-paged props, pages from 0 there and from 1 in the URL', () => {
    renderAt('/admin?page=2&sort=name&order=asc');
    const props = list().tableProps({ total: 120, paginationLabel: 'Pages', searchLabel: 'Search applicants' });
    expect(props.sort).toEqual({ column: 'name', direction: 'asc' });
    expect(props.pagination).toMatchObject({ page: 1, pageSize: 50, total: 120, label: 'Pages' });
    expect(props.search).toMatchObject({ value: '', label: 'Search applicants' });
    act(() => props.pagination?.onPageChange(2));
    expect(url()).toBe('?page=3&sort=name&order=asc');
    act(() => props.onSortChange?.({ column: 'status', direction: 'desc' }));
    expect(url()).toBe('?sort=status');
    expect(list().tableProps({ total: undefined, paginationLabel: 'Pages' })).toMatchObject({
      pagination: undefined,
      search: undefined,
    });
  });

  it('keeps a second list apart under a prefix', () => {
    function Two() {
      const companies = useListParams({ defaults: { sort: 'name', order: 'asc', pageSize: 20 }, prefix: 'companies.' });
      useEffect(() => {
        seen.companies = companies;
      });
      return <Probe />;
    }
    const companies = () => seen.companies;
    const router = createMemoryRouter([{ path: '/admin', element: <Two /> }], {
      initialEntries: ['/admin?q=mari&companies.q=OÜ&companies.page=2'],
    });
    render(<RouterProvider router={router} />);
    expect(list().params.q).toBe('mari');
    expect(companies()?.params).toMatchObject({ q: 'OÜ', page: 2 });
    expect(companies()?.apiQuery.toString()).toBe('q=O%C3%9C&sort=name&order=asc&limit=20&offset=20');
    act(() => companies()?.setStatus('available'));
    expect(url()).toBe('?q=mari&companies.q=O%C3%9C&companies.status=available');
  });
});
