import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { admin, applicant, jsonResponse, renderRoute, stubApi } from '@/test/render';

const banner = () => screen.getByRole('banner');

describe('header (spec §2)', () => {
  it('shows the section anchors and Login to a signed-out visitor on /', () => {
    renderRoute('/', { user: null });
    const header = within(banner());
    for (const [name, href] of [
      ['How it works', '#how-it-works'],
      ['Benefits', '#benefits'],
      ['FAQ', '#faq'],
      ['Contact', '#contact'],
    ]) {
      expect(header.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(header.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });

  it('replaces Login with Home on /auth and hides the anchors', () => {
    renderRoute('/auth', { user: null });
    const header = within(banner());
    expect(header.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(header.queryByRole('link', { name: 'FAQ' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and Log out to an applicant, plus Admin dashboard to an admin', () => {
    renderRoute('/dashboard', { user: applicant });
    let header = within(banner());
    expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(header.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Admin dashboard' })).not.toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    screen.getByRole('banner').remove();
    renderRoute('/admin', { user: admin });
    header = within(banner());
    expect(header.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('mirrors the items in the mobile drawer', async () => {
    const user = userEvent.setup();
    renderRoute('/', { user: null });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByRole('link', { name: 'How it works' })).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(drawer.getByRole('group', { name: 'Language' })).toBeInTheDocument();
  });

  it('gives focus back to the menu button when the drawer closes (issue 18)', async () => {
    const user = userEvent.setup();
    renderRoute('/', { user: null });
    const menu = screen.getByRole('button', { name: 'Open menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    await screen.findByRole('dialog');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: POST /api/logout, user cleared, toast, back to /', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ 'POST /api/logout': () => jsonResponse(200, {}) });
    const { router, queryClient } = renderRoute('/dashboard', { user: applicant });
    await user.click(within(banner()).getByRole('button', { name: 'Log out' }));
    // The toast first: it closes itself after 5 s, and a starved worker (beside the stack's suites, issue 32) once
    // spent longer than that between the navigation and a look for it.
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
  });

  it('shows a destructive toast when logout fails', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/logout': () => jsonResponse(500, { message: 'Session store unavailable' }) });
    renderRoute('/dashboard', { user: applicant });
    await user.click(within(banner()).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store unavailable')).toBeInTheDocument();
  });
});

describe('footer (spec §2)', () => {
  it("links the company's social pages by default, in a new tab (issue 37: there were none unless the build named them)", () => {
    renderRoute('/terms', { user: null });
    const social = within(within(screen.getByRole('contentinfo')).getByRole('list', { name: 'Social media' }));
    for (const [name, href] of [
      ['Facebook', 'https://www.facebook.com/shelfboard'],
      ['LinkedIn', 'https://www.linkedin.com/company/shelf-board'],
      ['Instagram', 'https://www.instagram.com/shelfboard'],
    ]) {
      const link = social.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('takes the address a build setting gives, and hides a network set to none (issue 18)', () => {
    vi.stubEnv('VITE_SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/shelf-board-ee');
    vi.stubEnv('VITE_SOCIAL_FACEBOOK_URL', 'none');
    try {
      renderRoute('/terms', { user: null });
      const footer = within(screen.getByRole('contentinfo'));
      expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/company/shelf-board-ee');
      expect(footer.queryByRole('link', { name: 'Facebook' })).toBeNull();
      expect(footer.getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('has quick links, legal links, social links, the Tallinn address, the year and a language switcher', () => {
    renderRoute('/terms', { user: null });
    const footer = within(screen.getByRole('contentinfo'));
    for (const [name, href] of [
      ['How it works', '/#how-it-works'],
      ['Benefits', '/#benefits'],
      ['Register', '/#registration'],
      ['FAQ', '/#faq'],
      ['Contact', '/#contact'],
      ['Terms of service', '/terms'],
      ['Privacy policy', '/privacy'],
      ['Cookie policy', '/cookies'],
      ['GDPR', '/gdpr'],
    ]) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const name of ['Facebook', 'LinkedIn', 'Instagram']) expect(footer.getByRole('link', { name })).toBeInTheDocument();
    expect(footer.getByText(/Tallinn/)).toBeInTheDocument();
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    expect(footer.getByRole('group', { name: 'Language' })).toBeInTheDocument();
  });

  it('is translated into Estonian', async () => {
    await i18n.changeLanguage('et');
    renderRoute('/terms', { user: null });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Kasutustingimused' })).toBeInTheDocument();
    expect(footer.getByText(/Kõik õigused kaitstud/)).toBeInTheDocument();
  });
});
