import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/test/i18n';
import { jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { ContactForm } from './ContactForm';

type User = ReturnType<typeof userEvent.setup>;

const VALUES = {
  name: 'Mari Maasikas',
  email: 'mari@example.ee',
  subject: 'Question about payments',
  message: 'When is the first payment made?',
};

async function fillForm(user: User) {
  await user.type(screen.getByLabelText('Name'), VALUES.name);
  await user.type(screen.getByLabelText('Email'), VALUES.email);
  await user.type(screen.getByLabelText('Subject'), VALUES.subject);
  await user.type(screen.getByLabelText('Message'), VALUES.message);
}

function expectValuesKept() {
  expect(screen.getByLabelText('Name')).toHaveValue(VALUES.name);
  expect(screen.getByLabelText('Email')).toHaveValue(VALUES.email);
  expect(screen.getByLabelText('Subject')).toHaveValue(VALUES.subject);
  expect(screen.getByLabelText('Message')).toHaveValue(VALUES.message);
}

describe('ContactForm (spec §2 contact, §4 states, §5 rules, §8 toasts)', () => {
  it('ties a visible label to every field', () => {
    renderWithProviders(<ContactForm />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('id', 'contact-name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('id', 'contact-subject');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("shows the spec's validation texts and sends nothing", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'M');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Subject'), 'Q');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Message must be at least 10 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the validation texts in Estonian', async () => {
    await i18n.changeLanguage('et');
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Saada sõnum' }));
    expect(await screen.findByText('Nimi peab olema vähemalt 2 tähemärki')).toBeInTheDocument();
    expect(screen.getByText('Teema peab olema vähemalt 2 tähemärki')).toBeInTheDocument();
    expect(screen.getByText('Sõnum peab olema vähemalt 10 tähemärki')).toBeInTheDocument();
  });

  it('disables the button with a sending label, then resets the form and toasts Message Sent', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubApi({ 'POST /api/contact': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(requestBody(fetchMock, '/api/contact')).toEqual(VALUES);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'include' });

    answer(jsonResponse(201, { id: 1, createdAt: '2025-05-09T10:00:00Z' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByText('Message Sent').closest('[data-variant]')).toHaveAttribute('data-variant', 'default');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it("keeps the values and shows 'Message Not Sent' with the server's text", async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/contact': () => jsonResponse(500, { message: 'The inbox is unavailable', code: 'internal' }) });
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Not Sent')).toBeInTheDocument();
    expect(screen.getByText('The inbox is unavailable')).toBeInTheDocument();
    expect(screen.getByText('Message Not Sent').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expectValuesKept();
  });

  it('uses the default description when there is no server text', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Not Sent')).toBeInTheDocument();
    expect(screen.getByText('There was a problem sending your message. Please try again.')).toBeInTheDocument();
    expectValuesKept();
  });

  it("translates the gateway's plain-text 429", async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/contact': () => new Response('Too Many Requests', { status: 429 }) });
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Too many requests. Please try again in a moment.')).toBeInTheDocument();
    expectValuesKept();
  });

  it('says in Estonian that the service is unavailable on a 503 (issue 11, honest outages)', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/contact': () =>
        jsonResponse(503, { message: 'The database is temporarily unavailable.', code: 'unavailable', fields: {} }),
    });
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await act(() => i18n.changeLanguage('et'));
    await user.click(screen.getByRole('button', { name: 'Saada sõnum' }));
    expect(
      await screen.findByText('Teenus on ajutiselt kättesaamatu. Palun proovige mõne hetke pärast uuesti.'),
    ).toBeInTheDocument();
  });

  it("shows a 422's field errors under the fields", async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/contact': () =>
        jsonResponse(422, {
          message: 'Invalid input',
          code: 'validation_error',
          fields: { email: 'Please enter a valid email address' },
        }),
    });
    renderWithProviders(<ContactForm />);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Not Sent')).toBeInTheDocument();
    expect(screen.getByText('Please check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
  });
});
