import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContactMessage } from '@/types/api';
import { callsTo, json, pageResponse, renderAt, stubFetch } from '@/test/render-list';
import { MessagesFromPanel } from './MessagesFromPanel';

const INBOX = '/api/admin/messages';

const message: ContactMessage = {
  id: 2,
  subject: 'Question about payments',
  name: 'Mari Maasikas',
  email: 'Mari@Example.ee',
  message: 'When is the first payment made?',
  isRead: false,
  createdAt: '2025-05-09T10:30:00Z',
};

describe("MessagesFromPanel (issue 17: the applicant's whole file)", () => {
  it("lists every message from the applicant's address and marks one read there", async () => {
    const user = userEvent.setup();
    let isRead = false;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === INBOX) return pageResponse([{ ...message, isRead }]);
      if (url.pathname === '/api/admin/messages/2/read' && init?.method === 'PUT') {
        isRead = true;
        return json(200, { ...message, isRead: true });
      }
      return undefined;
    });
    renderAt(<MessagesFromPanel email="mari@example.ee" />, '/admin/applications/11');

    expect(await screen.findByText('Messages sent through the contact form from mari@example.ee, newest first.')).toBeInTheDocument();
    const row = await screen.findByTestId('message-card');
    expect(callsTo(fetchMock, 'GET', INBOX)[0].query).toEqual({
      email: 'mari@example.ee',
      sort: 'createdAt',
      order: 'desc',
      limit: '200',
    });
    expect(within(row).getByText('Question about payments')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Contact messages' })).getAllByTestId('message-card')).toHaveLength(1);

    await user.click(within(row).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(within(row).queryByText('New')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/api/admin/messages/2/read')).toHaveLength(1);
  });

  it('says so when no message came from the address', async () => {
    stubFetch((url) => (url.pathname === INBOX ? pageResponse([]) : undefined));
    renderAt(<MessagesFromPanel email="mari@example.ee" />, '/admin/applications/11');
    expect(await screen.findByText('No messages from this address')).toBeInTheDocument();
  });

  it('asks nothing when the applicant has no known address', () => {
    const fetchMock = stubFetch(() => pageResponse([]));
    renderAt(<MessagesFromPanel email={null} />, '/admin/applications/11');
    expect(screen.getByText("The applicant's e-mail address is not known, so their messages cannot be found.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
