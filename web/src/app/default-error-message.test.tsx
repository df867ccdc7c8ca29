import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '@/features/contact/ContactForm';
import { LoginForm } from '@/features/auth/components/LoginForm';
import i18n from '@/test/i18n';
import { applicant, renderRoute, renderWithProviders, stubApi } from '@/test/render';

/*
 * Issue 37, What a new user found: a failure whose answer has no text of the server's (a bare 500, a proxy's
 * page) showed the status line 'Internal Server Error' in the toast, in English on Estonian pages. Spec §8:
 * "the server's error message, or a default message when there is none", in the reader's language.
 */

const bare500 = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
const proxyPage = () => new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, statusText: 'Bad Gateway' });
const UNKNOWN_ET = 'Tekkis tundmatu viga. Palun proovige hiljem uuesti.';

function expectNoStatusLine() {
  expect(screen.queryByText(/Internal Server Error|Bad Gateway|500|502/)).not.toBeInTheDocument();
}

describe('the default message of spec §8 on Estonian pages (issue 37)', () => {
  it.each([
    ['a bare 500', bare500],
    ['a proxy page', proxyPage],
  ])('login: %s gives "Sisselogimine ebaõnnestus" over the Estonian default', async (_, answer) => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({ 'POST /api/login': answer });
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Kasutajanimi'), 'mari');
    await user.type(screen.getByLabelText('Parool'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Logi sisse' }));
    expect(await screen.findByText('Sisselogimine ebaõnnestus')).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN_ET)).toBeInTheDocument();
    expectNoStatusLine();
  });

  it("contact: a bare 500 gives the contact form's own default", async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({ 'POST /api/contact': bare500 });
    renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Nimi'), 'Mari Maasikas');
    await user.type(screen.getByLabelText('E-post'), 'mari@example.ee');
    await user.type(screen.getByLabelText('Teema'), 'Küsimus');
    await user.type(screen.getByLabelText('Sõnum'), 'Kas ma saan kandideerida?');
    await user.click(screen.getByRole('button', { name: 'Saada sõnum' }));
    expect(await screen.findByText('Sõnumit ei saadetud')).toBeInTheDocument();
    expect(screen.getByText('Sõnumi saatmisel tekkis probleem. Palun proovige uuesti.')).toBeInTheDocument();
    expectNoStatusLine();
  });

  it('language: saving the switch to Estonian fails with a bare 500', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/set-language': bare500 });
    renderRoute('/dashboard', { user: applicant });
    await waitFor(() => expect(i18n.language).toBe('en'));
    const banner = within(screen.getByRole('banner'));
    await user.click(within(banner.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'Eesti' }));
    expect(await screen.findByText('Keele muutmine ebaõnnestus')).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN_ET)).toBeInTheDocument();
    expectNoStatusLine();
  });

  it('logout: a bare 500', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/logout': bare500 });
    renderRoute('/dashboard', { user: { ...applicant, language: 'et' } });
    await waitFor(() => expect(i18n.language).toBe('et'));
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logi välja' }));
    expect(await screen.findByText('Väljalogimine ebaõnnestus')).toBeInTheDocument();
    expect(screen.getByText(UNKNOWN_ET)).toBeInTheDocument();
    expectNoStatusLine();
  });

  it('a network failure ("Failed to fetch") is no server message either', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    stubApi({ 'POST /api/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Kasutajanimi'), 'mari');
    await user.type(screen.getByLabelText('Parool'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Logi sisse' }));
    expect(await screen.findByText(UNKNOWN_ET)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
  });
});
