import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, applicant, jsonResponse, renderWithProviders, requestBody, stubApi } from '@/test/render';
import { SecondFactorCard } from './SecondFactorCard';

const ON = { totp: true, passkeys: [], recoveryCodesLeft: 7, required: false };

describe('The profile\'s two-step verification (issue 15)', () => {
  it('offers an applicant without it to turn it on, on the enrolment page', async () => {
    stubApi({ 'GET /api/second-factor': () => jsonResponse(200, { ...ON, totp: false, recoveryCodesLeft: 0 }) });
    renderWithProviders(<SecondFactorCard />, { user: applicant });
    expect(await screen.findByTestId('second-factor-state')).toHaveTextContent('Off');
    expect(screen.getByRole('link', { name: 'Turn on' })).toHaveAttribute('href', '/second-factor');
  });

  it('lets an applicant turn it off with a code and make new recovery codes', async () => {
    const user = userEvent.setup();
    const states = [ON, { ...ON, totp: false, recoveryCodesLeft: 0 }];
    const fetchMock = stubApi({
      'GET /api/second-factor': () => jsonResponse(200, states[0]),
      'POST /api/second-factor/recovery-codes': () =>
        jsonResponse(200, { recoveryCodes: Array.from({ length: 10 }, (_, n) => `code${n}-aaaaa`) }),
      'DELETE /api/second-factor/totp': () => {
        states.shift();
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<SecondFactorCard />, { user: applicant });
    expect(await screen.findByText('Unused recovery codes: 7')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code for new recovery codes'), '123456');
    await user.click(screen.getByRole('button', { name: 'Create new recovery codes' }));
    expect((await screen.findByTestId('recovery-codes')).querySelectorAll('li')).toHaveLength(10);

    await user.type(screen.getByLabelText('Code to turn it off'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off')).toBeInTheDocument();
    expect(requestBody(fetchMock, '/api/second-factor/totp')).toEqual({ code: '654321' });
    await waitFor(() => expect(screen.getByTestId('second-factor-state')).toHaveTextContent('Off'));
  });

  it('shows an admin that it is required, with no way to turn it off', async () => {
    stubApi({ 'GET /api/second-factor': () => jsonResponse(200, { ...ON, required: true }) });
    renderWithProviders(<SecondFactorCard />, { user: admin });
    expect(await screen.findByText('Required for admins: it cannot be turned off.')).toBeInTheDocument();
    expect(screen.getByTestId('second-factor-state')).toHaveTextContent('On');
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
