import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/test/i18n';
import { jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { LegalPage, type LegalKind } from './LegalPage';

const KINDS: LegalKind[] = ['terms', 'privacy', 'cookies', 'gdpr'];

describe('legal pages (spec §2 legal pages, §9)', () => {
  it.each(KINDS)('%s: identity block, last updated May 09, 2025, numbered sections, contact e-mail, meta', (kind) => {
    renderWithProviders(<LegalPage kind={kind} />);
    const title = i18n.t(`legal:${kind}.title`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(document.title).toBe(`${title} | Shelf Board`);
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', `${title} | Shelf Board`);
    const description = i18n.t(`legal:${kind}.description`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', description);
    expect(document.querySelector('meta[property="og:description"]')).toHaveAttribute('content', description);

    expect(screen.getByTestId('last-updated')).toHaveTextContent('Last updated: May 09, 2025');

    const identity = screen.getByRole('region', { name: 'Company details' });
    expect(identity).toHaveTextContent('Shelf Board Services OÜ');
    expect(identity).toHaveTextContent('Registry code16543210');
    expect(identity).toHaveTextContent('Private limited company (osaühing, OÜ)');
    expect(identity).toHaveTextContent('Narva mnt 5, 10117 Tallinn, Estonia');

    const sections = within(screen.getByTestId('legal-sections')).getAllByRole('heading', { level: 2 });
    expect(sections.length).toBeGreaterThanOrEqual(6);
    sections.forEach((heading, index) => expect(heading.textContent).toMatch(new RegExp(`^${index + 1}\\.`)));

    const mail = screen.getAllByRole('link', { name: 'info@shelfboard.ee' });
    expect(mail[0]).toHaveAttribute('href', 'mailto:info@shelfboard.ee');
  });

  it('terms and privacy show their current published version (issue 16 "Consent"); the others none', async () => {
    stubApi({ 'GET /api/policies': () => jsonResponse(200, { terms: '2026-12-01', privacy: '2025-05-09', contract: '2025-05-09' }) });
    renderWithProviders(<LegalPage kind="terms" />);
    expect(await screen.findByTestId('policy-version')).toHaveTextContent('Version: 1 December 2026');
    cleanup();
    await i18n.changeLanguage('et');
    renderWithProviders(<LegalPage kind="terms" />);
    expect(await screen.findByTestId('policy-version')).toHaveTextContent('Versioon: 1. detsember 2026');
    cleanup();
    const fetchMock = stubApi({});
    renderWithProviders(<LegalPage kind="cookies" />);
    expect(screen.queryByTestId('policy-version')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('privacy: employment and financial data kept 7 years, requests answered within 30 days', () => {
    renderWithProviders(<LegalPage kind="privacy" />);
    expect(screen.getByText(/7 years, as required by Estonian/)).toHaveTextContent(/^Employment and financial data — 7 years/);
    expect(screen.getByText(/We answer requests within 30 days/)).toBeInTheDocument();
  });

  it('gdpr: requests answered within 30 days, financial data kept 7 years', () => {
    renderWithProviders(<LegalPage kind="gdpr" />);
    expect(screen.getByText(/We answer every request within 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/kept for 7 years/)).toBeInTheDocument();
  });

  it('cookies: essential (session or persistent), preference 1 year, analytics 2 years, three tracking services', () => {
    renderWithProviders(<LegalPage kind="cookies" />);
    expect(screen.getByText('Essential cookies (session or persistent)')).toBeInTheDocument();
    expect(screen.getByText('Preference cookies (1 year)')).toBeInTheDocument();
    expect(screen.getByText('Analytics cookies (2 years)')).toBeInTheDocument();
    expect(screen.getByText(/portal_session/)).toHaveTextContent('HttpOnly');
    expect(screen.getByText(/i18nextLng/)).toBeInTheDocument();
    expect(screen.getByText('Google Analytics').parentElement).toHaveTextContent('analytics');
    expect(screen.getByText('Meta Pixel').parentElement).toHaveTextContent('social pixel');
    expect(screen.getByText('LinkedIn Insight Tag').parentElement).toHaveTextContent('professional-network insights');
  });

  it('reads in Estonian with the Estonian date', async () => {
    await i18n.changeLanguage('et');
    renderWithProviders(<LegalPage kind="terms" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Kasutustingimused' })).toBeInTheDocument();
    expect(screen.getByTestId('last-updated')).toHaveTextContent('Viimati uuendatud: 09.05.2025');
    expect(screen.getByRole('region', { name: 'Ettevõtte andmed' })).toHaveTextContent('Osaühing (OÜ)');
  });

  it.each(['terms', 'privacy'] as const)(
    '%s in Estonian: one date for one version, not "09.05.2025" and "9. mai 2025" (issue 37)',
    async (kind) => {
      await i18n.changeLanguage('et');
      const fetchMock = stubApi({ 'GET /api/policies': () => jsonResponse(200, { terms: '2025-05-09', privacy: '2025-05-09', contract: '2025-05-09' }) });
      renderWithProviders(<LegalPage kind={kind} />);
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await waitFor(() => expect(screen.getByTestId('last-updated')).toHaveTextContent('Viimati uuendatud: 09.05.2025'));
      // The answer has arrived and changed nothing: still the one date.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('policy-version')).not.toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/9\. mai 2025/);
    },
  );
});
