import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { admin, applicant, renderRoute, stubApi } from '@/test/render';

/*
 * The parts of the file belong to their features (tested there); here the page that puts them together is
 * under test: which parts, in which order, about whom.
 */
vi.mock('@/features/admin-applications', () => ({
  AdminApplicationsTab: () => null,
  ApplicationDetailPage: ({ renderRelated }: { renderRelated?: (subject: object) => ReactNode }) => {
    const id = Number(useParams().id);
    return (
      <div>
        <h1>Application #{id}</h1>
        {renderRelated?.({ userId: 9, applicationId: id, email: 'jaan@example.ee', name: 'Jaan Tamm' })}
      </div>
    );
  },
}));
vi.mock('@/features/documents', () => ({
  AdminDocumentsTab: () => null,
  DocumentsTab: () => null,
  ApplicantDocumentsPanel: (props: object) => <section aria-label="documents">{JSON.stringify(props)}</section>,
}));
vi.mock('@/features/contracts', () => ({
  AdminContractsTab: () => null,
  ContractsTab: () => null,
  ApplicantContractsPanel: (props: object) => <section aria-label="contracts">{JSON.stringify(props)}</section>,
}));
vi.mock('@/features/messages', () => ({
  MessagesTab: () => null,
  MessagesFromPanel: (props: object) => <section aria-label="messages">{JSON.stringify(props)}</section>,
}));
vi.mock('@/features/audit', () => ({
  ActivityTab: () => null,
  AccessHistoryCard: (props: object) => <section aria-label="access history">{JSON.stringify(props)}</section>,
}));

describe('ApplicationFilePage (issue 17: the applicant\'s whole file on one page)', () => {
  it('shows below the application every request and document, every contract, the messages from the same address and the access history (issue 15)', async () => {
    stubApi({});
    renderRoute('/admin/applications/30', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Application #30' })).toBeInTheDocument();
    const file = screen.getByTestId('applicant-file');
    expect(within(file).getAllByRole('region').map((part) => part.getAttribute('aria-label'))).toEqual([
      'documents',
      'contracts',
      'messages',
      'access history',
    ]);
    // Issue 37: the request's confirmation named nobody ("… was requested from .") when the name was not passed on.
    expect(JSON.parse(screen.getByRole('region', { name: 'documents' }).textContent ?? '')).toEqual({
      userId: 9,
      applicationId: 30,
      name: 'Jaan Tamm',
    });
    expect(JSON.parse(screen.getByRole('region', { name: 'contracts' }).textContent ?? '')).toEqual({ userId: 9, applicationId: 30 });
    expect(JSON.parse(screen.getByRole('region', { name: 'messages' }).textContent ?? '')).toEqual({ email: 'jaan@example.ee' });
    expect(JSON.parse(screen.getByRole('region', { name: 'access history' }).textContent ?? '')).toEqual({ userId: 9 });
  });

  it('is for admins only, and only for a numeric id', async () => {
    stubApi({});
    const { router, unmount } = renderRoute('/admin/applications/30', { user: applicant });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByTestId('applicant-file')).not.toBeInTheDocument();
    unmount();
    const notFound = renderRoute('/admin/applications/abc', { user: admin });
    expect(notFound.router.state.location.pathname).toBe('/admin/applications/abc');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByTestId('applicant-file')).not.toBeInTheDocument();
  });
});
