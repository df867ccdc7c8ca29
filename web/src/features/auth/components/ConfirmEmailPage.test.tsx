import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicant, jsonResponse, renderRoute, requestBody, stubApi } from '@/test/render';

describe('/confirm-email (issue 14 "Account self-service": the change applies once the link is followed)', () => {
  it('posts the token once on load and shows the new address', async () => {
    const fetchMock = stubApi({
      'POST /api/email-change/confirm': () => jsonResponse(200, { email: 'new@example.ee' }),
      'GET /api/user': () => jsonResponse(200, applicant),
    });
    renderRoute('/confirm-email?token=tok-9', { user: applicant });

    expect(await screen.findByText('Done! Your account’s e-mail address is now new@example.ee.')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/email-change/confirm')).toEqual({ token: 'tok-9' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/email-change/confirm')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'To my dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says a used, expired or unknown link is not valid, and offers the login when signed out', async () => {
    stubApi({
      'POST /api/email-change/confirm': () => jsonResponse(400, { message: 'Invalid token', code: 'invalid_token' }),
    });
    renderRoute('/confirm-email?token=used', { user: null });
    expect(await screen.findByText('This link is not valid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  });
});
