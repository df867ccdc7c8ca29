import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profile } from '@/features/dashboard/test-fixtures';
import { applicant, jsonResponse, renderWithProviders, stubApi } from '@/test/render';
import { ProfilePane } from './ProfilePane';

describe('The profile tab (issue 14 "Account self-service")', () => {
  it('holds the profile, then changing the password and changing the e-mail address', async () => {
    stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    renderWithProviders(<ProfilePane />, { user: applicant });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Change e-mail address' })).toBeInTheDocument();
    // Issue 16, Access transparency.
    expect(screen.getByRole('heading', { name: 'Who has seen my data' })).toBeInTheDocument();
    // Issue 16, Download my data.
    expect(screen.getByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
  });
});
