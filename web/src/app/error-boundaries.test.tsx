import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { documentsQueryOptions } from '@/features/documents/api/get-documents';
import { admin, applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';

/* Issue 37, What a new user found: an answer of an unexpected shape left the whole page white. */

beforeEach(() => {
  // React reports every caught render error on the console; the tests look at the page instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('boundaries per page and per tab (issue 37)', () => {
  it("a dashboard tab whose list is not a list fails alone: header, tabs and the other tabs stay", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/application': () => jsonResponse(404, { message: 'No application', code: 'not_found' }),
      'GET /api/documents': () => jsonResponse(200, { items: [] }),
      'GET /api/document-requests': () => jsonResponse(200, []),
      'GET /api/contracts': () => jsonResponse(200, []),
    });
    renderRoute('/dashboard?tab=documents', { user: applicant });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Documents could not be shown' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Contracts' }));
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
  });

  it('Try again in a tab asks the server again rather than drawing the same answer', async () => {
    const user = userEvent.setup();
    let answers = 0;
    stubApi({
      'GET /api/documents': () => jsonResponse(200, answers++ === 0 ? { items: [] } : []),
      'GET /api/document-requests': () => jsonResponse(200, []),
    });
    const { queryClient } = renderRoute('/dashboard?tab=documents', { user: applicant });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(queryClient.getQueryData(documentsQueryOptions().queryKey)).toEqual([]);
    expect(queryClient.getQueryData(['/api/user'])).toEqual(applicant);
  });

  it('a page that fails to render keeps the header and footer, and the next page starts afresh', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/applications/5': () => jsonResponse(200, { id: 5, status: 'pending', user: null, profile: null }),
    });
    renderRoute('/admin/applications/5', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of service' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  });
});
