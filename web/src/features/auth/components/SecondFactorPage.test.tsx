import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, renderRoute, requestBody, stubApi } from '@/test/render';

const CODES = Array.from({ length: 10 }, (_, n) => `abcde-${String(n).padStart(5, '2')}`);
const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };
const WRONG = { message: 'The code is wrong', code: 'wrong_code', fields: { code: 'The code is wrong' }, fieldCodes: { code: 'wrong_code' } };

describe('/second-factor, enrolment (issue 15 "Two-factor sign-in")', () => {
  it('shows the QR code and the key as text, confirms with a code, shows the 10 recovery codes once, then goes to /admin', async () => {
    const user = userEvent.setup();
    const confirmations = [jsonResponse(422, WRONG), jsonResponse(200, { recoveryCodes: CODES })];
    const fetchMock = stubApi({
      'POST /api/second-factor/totp/start': () => jsonResponse(200, ENROLMENT),
      'POST /api/second-factor/totp/confirm': () => confirmations.shift() ?? jsonResponse(500, {}),
      'GET /api/second-factor': () => jsonResponse(200, { totp: true, passkeys: [], recoveryCodesLeft: 10, required: true }),
      'GET /api/user': () => jsonResponse(200, admin),
    });
    const { router } = renderRoute('/second-factor', { user: { ...admin, secondFactor: false, secondFactorPassed: false } });
    expect(await screen.findByText(/As an admin you must set up a second step/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();

    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is wrong or already used')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const list = await screen.findByTestId('recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(requestBody(fetchMock, '/api/second-factor/totp/confirm', 1)).toEqual({ code: '123456' });
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
