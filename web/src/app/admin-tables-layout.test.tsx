import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContractsTable } from '@/features/contracts/components/AdminContractsTable';
import { adminContract } from '@/features/contracts/test-fixtures';
import { AdminDocumentsTable } from '@/features/documents/components/AdminDocumentsTable';
import { DocumentsTab } from '@/features/documents';
import { adminDocument, document } from '@/features/documents/test-fixtures';
import { MessagesTable } from '@/features/messages/components/MessagesTable';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import type { ContactMessage } from '@/types/api';

/*
 * Issue 37, What a new user found: the admin tables at 1366 px wrapped names over several lines, broke e-mail
 * addresses mid-word, wrapped status badges and ran a .docx's type over three lines. jsdom draws no layout, so
 * these checks hold the means: long values stay on one line, cut, with the whole value as their title and text;
 * badges do not wrap; nothing in the tables may break a word.
 */

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const LONG_NAME = 'Aleksandra Konstantinova-Petrovskaja';
const LONG_EMAIL = 'aleksandra.konstantinova@verylongdomain-example.com';
const person = { fullName: LONG_NAME, username: 'aleksandra', email: LONG_EMAIL };

function expectOneLineWithTitle(element: HTMLElement, value: string) {
  const cut = element.closest('[data-truncated]') ?? element;
  expect(cut).toHaveAttribute('title', value);
  expect(cut).toHaveClass('truncate');
  expect(cut).toHaveTextContent(value);
}

function expectNoWordBreaking(container: HTMLElement) {
  expect(container.querySelectorAll('.break-all, [class*="overflow-wrap:anywhere"]')).toHaveLength(0);
}

function expectBadgesOnOneLine(container: HTMLElement) {
  const badges = container.querySelectorAll('[data-status]');
  expect(badges.length).toBeGreaterThan(0);
  badges.forEach((badge) => expect(badge).toHaveClass('whitespace-nowrap'));
}

describe('admin tables at 1366 px (issue 37)', () => {
  it("documents: the type keeps the spec's value (after the slash) but is cut, never the table; names and e-mails stay whole words", () => {
    const { container } = renderWithProviders(
      <AdminDocumentsTable aria-label="Documents" rows={[adminDocument({ fileType: DOCX, user: person })]} />,
    );
    const row = within(screen.getByTestId('admin-document-row'));
    expectOneLineWithTitle(row.getByText('vnd.openxmlformats-officedocument.wordprocessingml.document'), 'vnd.openxmlformats-officedocument.wordprocessingml.document');
    expectOneLineWithTitle(row.getByText(LONG_NAME), LONG_NAME);
    expectOneLineWithTitle(row.getByText(LONG_EMAIL), LONG_EMAIL);
    expectBadgesOnOneLine(container);
    expectNoWordBreaking(container);
  });

  it('contracts: the person on one line each, dates short with the whole date on hover, badges whole', () => {
    const { container } = renderWithProviders(
      <AdminContractsTable aria-label="Contracts" rows={[adminContract({ user: person, expiresAt: '2026-03-15' })]} />,
    );
    const row = within(screen.getByTestId('admin-contract-row'));
    expectOneLineWithTitle(row.getByText(LONG_NAME), LONG_NAME);
    expectOneLineWithTitle(row.getByText(LONG_EMAIL), LONG_EMAIL);
    expect(row.getByText('15/03/2026')).toHaveAttribute('title', '15 March 2026');
    expectBadgesOnOneLine(container);
    expectNoWordBreaking(container);
  });

  it('messages: the sender and the mailto address on one line each', () => {
    const message: ContactMessage = {
      id: 1,
      subject: 'Question',
      name: LONG_NAME,
      email: LONG_EMAIL,
      message: 'Can I apply from Tartu?',
      isRead: false,
      createdAt: '2025-09-15T10:30:00Z',
    };
    const { container } = renderWithProviders(<MessagesTable aria-label="Messages" rows={[message]} />);
    const row = within(screen.getByTestId('message-card'));
    expectOneLineWithTitle(row.getByText(LONG_NAME), LONG_NAME);
    const address = row.getByRole('link', { name: LONG_EMAIL });
    expect(address).toHaveAttribute('href', `mailto:${LONG_EMAIL}`);
    expectOneLineWithTitle(within(address).getByText(LONG_EMAIL), LONG_EMAIL);
    expectNoWordBreaking(container);
  });

  it("the applicant's own documents table cuts a long type the same way", async () => {
    stubApi({
      'GET /api/documents': () => jsonResponse(200, [document({ fileType: DOCX })]),
      'GET /api/document-requests': () => jsonResponse(200, []),
    });
    renderWithProviders(<DocumentsTab />, { user: applicant });
    const type = await screen.findByText('vnd.openxmlformats-officedocument.wordprocessingml.document');
    expectOneLineWithTitle(type, 'vnd.openxmlformats-officedocument.wordprocessingml.document');
  });
});
