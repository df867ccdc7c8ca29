import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { admin, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { ContactMessage } from '@/types/api';
import { MESSAGE_CLAMP_CHARS } from './MessageCard';
import { MessagesTab } from './MessagesTab';

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

function cards() {
  return screen.getAllByTestId('message-card');
}

function renderTab() {
  return renderWithProviders(<MessagesTab />, { user: admin });
}

describe('admin Messages tab (spec §2, §4, §7, §8)', () => {
  it('lists subject, name, e-mail and Tallinn date and time, with a New badge on unread ones', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/messages': () => jsonResponse(200, [unread, read]) });
    renderTab();

    await screen.findByText('Question about payments');
    const [first, second] = cards();
    expect(within(first).getByText('Mari Maasikas')).toBeInTheDocument();
    expect(within(first).getByText('mari@example.ee')).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(unread.createdAt, 'en'))).toBeInTheDocument();
    expect(formatDateTime(unread.createdAt, 'en')).toMatch(/13:30/); // Europe/Tallinn, summer time
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Mark as Read' })).toBeInTheDocument();

    expect(within(second).getByText('Thank you')).toBeInTheDocument();
    expect(within(second).queryByText('New')).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Mark as Read' })).not.toBeInTheDocument();
    expect(screen.getByText('2 messages, 1 unread')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/admin/messages');
  });

  it(`shows texts of up to ${MESSAGE_CLAMP_CHARS} characters whole, longer ones clamped with show more / show less`, async () => {
    const user = userEvent.setup();
    const short = { ...read, id: 3, subject: 'Short', message: 'x'.repeat(MESSAGE_CLAMP_CHARS) };
    const long = { ...read, id: 4, subject: 'Long', message: 'y'.repeat(MESSAGE_CLAMP_CHARS + 1) };
    stubApi({ 'GET /api/admin/messages': () => jsonResponse(200, [short, long]) });
    renderTab();

    await screen.findByText('Short');
    const [shortCard, longCard] = cards();
    expect(within(shortCard).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(shortCard).getByTestId('message-text')).not.toHaveClass('line-clamp-3');

    const text = within(longCard).getByTestId('message-text');
    expect(text).toHaveClass('line-clamp-3');
    const more = within(longCard).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(text).not.toHaveClass('line-clamp-3');
    const less = within(longCard).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(text).toHaveClass('line-clamp-3');
    expect(within(longCard).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it("marks a message read: 'Marking...' while pending, then the list is refetched and the badge goes", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    let isRead = false;
    const fetchMock = stubApi({
      'GET /api/admin/messages': () => jsonResponse(200, [{ ...unread, isRead }, read]),
      'PUT /api/admin/messages/2/read': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderTab();

    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByRole('button', { name: 'Marking...' })).toBeDisabled();
    expect(screen.getByText('New')).toBeInTheDocument();

    isRead = true;
    answer(jsonResponse(200, { ...unread, isRead: true }));
    await waitFor(() => expect(screen.queryByText('New')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Mark as Read|Marking/ })).not.toBeInTheDocument();
    // The list was fetched once on load and once more after marking.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/admin/messages')).toHaveLength(2));
    expect(fetchMock.mock.calls.find(([url]) => url === '/api/admin/messages/2/read')?.[1]).toMatchObject({
      method: 'PUT',
      credentials: 'include',
    });
  });

  it('toasts when marking fails and keeps the message unread', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/messages': () => jsonResponse(200, [unread]),
      'PUT /api/admin/messages/2/read': () => jsonResponse(500, { message: 'Database is down', code: 'internal' }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Mark as Read' }));
    expect(await screen.findByText('Could not mark the message as read')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as Read' })).toBeEnabled();
  });

  it('shows a spinner while loading', () => {
    stubApi({ 'GET /api/admin/messages': () => new Promise<Response>(() => {}) });
    renderTab();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages…');
  });

  it('shows the empty state', async () => {
    stubApi({ 'GET /api/admin/messages': () => jsonResponse(200, []) });
    renderTab();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it("shows 'Failed to load messages' with the server's message", async () => {
    stubApi({ 'GET /api/admin/messages': () => jsonResponse(500, { message: 'Database is down', code: 'internal' }) });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load messages');
    expect(alert).toHaveTextContent('Database is down');
  });

  it('treats a 401 as an error, with the generic text when the answer has no message', async () => {
    stubApi({ 'GET /api/admin/messages': () => new Response(null, { status: 401, statusText: '' }) });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load messages');
    expect(alert).toHaveTextContent('An unknown error occurred. Please try again later.');
  });
});
