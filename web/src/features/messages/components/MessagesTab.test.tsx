import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import type { ContactMessage } from '@/types/api';
import { callsTo, json, pageResponse, queryOf, renderAt, stubFetch } from '@/test/render-list';
import { MESSAGE_CLAMP_CHARS } from './MessagesTable';
import { MessagesTab } from './MessagesTab';

const INBOX = '/api/admin/messages';
const FIRST_PAGE = { sort: 'createdAt', order: 'desc', limit: '50', offset: '0' };

const unread: ContactMessage = {
  id: 2,
  subject: 'Question about payments',
  name: 'Mari Maasikas',
  email: 'mari@example.ee',
  message: 'When is the first payment made?',
  isRead: false,
  createdAt: '2025-05-09T10:30:00Z',
};
const read: ContactMessage = {
  id: 1,
  subject: 'Thank you',
  name: 'Jaan Tamm',
  email: 'jaan@example.ee',
  message: 'Thanks for the quick answer!',
  isRead: true,
  createdAt: '2025-05-08T07:00:00Z',
};

function rows() {
  return screen.getAllByTestId('message-card');
}

function renderTab(url = '/admin?tab=messages') {
  return renderAt(<MessagesTab />, url);
}

function inbox(items: ContactMessage[], total?: number) {
  return stubFetch((url) => (url.pathname === INBOX ? pageResponse(items, total) : undefined));
}

describe('admin Messages tab (spec §2, §4, §7, §8; issue 17 lists)', () => {
  it('shows one server page: subject, name, e-mail, Tallinn date and time, a New badge on unread ones', async () => {
    const fetchMock = inbox([unread, read], 120);
    renderTab();

    await screen.findByText('Question about payments');
    expect(callsTo(fetchMock, 'GET', INBOX)[0].query).toEqual(FIRST_PAGE);
    const [first, second] = rows();
    expect(within(first).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(first).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(unread.createdAt, 'en'))).toBeInTheDocument();
    expect(formatDateTime(unread.createdAt, 'en')).toMatch(/13:30/); // Europe/Tallinn, summer time
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Mark as Read' })).toBeInTheDocument();

    expect(within(second).getByText('Thank you')).toBeInTheDocument();
    expect(within(second).queryByText('New')).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Mark as Read' })).not.toBeInTheDocument();
    expect(screen.getByText('1–2 of 120')).toBeInTheDocument();
  });

  it('reads search, status, sort and page from the URL and writes a header click back', async () => {
    const user = userEvent.setup();
    const fetchMock = inbox([unread], 51);
    const { router } = renderTab('/admin?tab=messages&q=mari&status=unread&sort=name&order=asc&page=2');
    await screen.findByText('Question about payments');
    expect(callsTo(fetchMock, 'GET', INBOX)[0].query).toEqual({
      q: 'mari',
      status: 'unread',
      sort: 'name',
      order: 'asc',
      limit: '50',
      offset: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search messages' })).toHaveValue('mari');

    await user.click(screen.getByRole('button', { name: /^Subject/ }));
    await waitFor(() =>
      expect(queryOf(router.state.location.search)).toEqual({ tab: 'messages', q: 'mari', status: 'unread', sort: 'subject', order: 'asc' }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'GET', INBOX).at(-1)?.query).toMatchObject({ sort: 'subject', order: 'asc', offset: '0' }));
  });

  it('searches as the admin types and filters by status, starting again at the first page', async () => {
    const user = userEvent.setup();
    const fetchMock = inbox([unread], 3);
    const { router } = renderTab('/admin?tab=messages&page=3');
    await screen.findByText('Question about payments');

    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'payments');
    await waitFor(() => expect(queryOf(router.state.location.search)).toEqual({ tab: 'messages', q: 'payments' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', INBOX).at(-1)?.query).toMatchObject({ q: 'payments', offset: '0' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Unread' }));
    await waitFor(() => expect(queryOf(router.state.location.search)).toEqual({ tab: 'messages', q: 'payments', status: 'unread' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', INBOX).at(-1)?.query).toMatchObject({ q: 'payments', status: 'unread' }));
  });

  it(`shows texts of up to ${MESSAGE_CLAMP_CHARS} characters whole, longer ones clamped with show more / show less`, async () => {
    const user = userEvent.setup();
    const short = { ...read, id: 3, subject: 'Short', message: 'x'.repeat(MESSAGE_CLAMP_CHARS) };
    const long = { ...read, id: 4, subject: 'Long', message: 'y'.repeat(MESSAGE_CLAMP_CHARS + 1) };
    inbox([short, long]);
    renderTab();

    await screen.findByText('Short');
    const [shortRow, longRow] = rows();
    expect(within(shortRow).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(shortRow).getByTestId('message-text')).not.toHaveClass('line-clamp-3');

    const text = within(longRow).getByTestId('message-text');
    expect(text).toHaveClass('line-clamp-3');
    const more = within(longRow).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(text).not.toHaveClass('line-clamp-3');
    const less = within(longRow).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text).toHaveClass('line-clamp-3');
  });

  it("marks a message read: 'Marking...' while pending, then the page is refetched and the badge goes", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    let isRead = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === INBOX) return pageResponse([{ ...unread, isRead }, read]);
      if (url.pathname === '/api/admin/messages/2/read' && init?.method === 'PUT') {
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      return undefined;
    });
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByRole('button', { name: 'Marking...' })).toBeDisabled();
    expect(screen.getByText('New')).toBeInTheDocument();

    isRead = true;
    answer(json(200, { ...unread, isRead: true }));
    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Mark as Read|Marking/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', INBOX)).toHaveLength(2));
    expect(fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/messages/2/read')?.[1]).toMatchObject({
      method: 'PUT',
      credentials: 'include',
    });
  });

  it('toasts when marking fails and keeps the message unread', async () => {
    const user = userEvent.setup();
    stubFetch((url, init) => {
      if (url.pathname === INBOX) return pageResponse([unread]);
      if (init?.method === 'PUT') return json(500, { message: 'Database is down', code: 'internal' });
      return undefined;
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByText('Could not mark the message as read')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Read' })).toBeEnabled();
  });

  it('shows a spinner while loading', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages…');
  });

  it('shows the empty state, and another one when a search finds nothing', async () => {
    inbox([]);
    const first = renderTab();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    first.unmount();
    renderTab('/admin?tab=messages&q=nobody');
    expect(await screen.findByText('No matching messages')).toBeInTheDocument();
  });

  it("shows 'Failed to load messages' with the server's message", async () => {
    stubFetch(() => json(500, { message: 'Database is down', code: 'internal' }));
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load messages');
    expect(alert).toHaveTextContent('Database is down');
  });

  it('treats a 401 as an error, with the generic text when the answer has no message', async () => {
    stubFetch(() => new Response(null, { status: 401, statusText: '' }));
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load messages');
    expect(alert).toHaveTextContent('An unknown error occurred. Please try again later.');
  });
});
