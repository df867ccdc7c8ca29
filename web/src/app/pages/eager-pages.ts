import type { ComponentType } from 'react';
import { ApplicationFilePage } from '@/app/pages/ApplicationFilePage';
import { AdminPage } from '@/app/pages/AdminPage';
import { ConsentPage } from '@/app/pages/ConsentPage';
import { DashboardPage } from '@/app/pages/DashboardPage';
import { AdminInvitationPage } from '@/features/admins/components/AdminInvitationPage';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { ConfirmEmailPage } from '@/features/auth/components/ConfirmEmailPage';
import { ResetPasswordPage } from '@/features/auth/components/ResetPasswordPage';
import { SecondFactorPage } from '@/features/auth/components/SecondFactorPage';
import { LegalPage } from '@/features/legal/LegalPage';
import { VerifyPage } from '@/features/verify';
import type { lazyPages as LazyPages } from './lazy-pages';

function eager<P extends object>(Component: ComponentType<P>) {
  return { Component, preload: () => Promise.resolve(Component) };
}

/**
 * The page table for Vitest (vite.config.ts aliases lazy-pages to this file there): the same pages imported
 * statically, so route tests render at once and `vi.mock` of a feature applies to its page. The lazy loading
 * itself is tested in lazy-page.test.ts and in Chromium (web/e2e/test_first_load.py).
 */
export const lazyPages = {
  auth: eager(AuthPage),
  legal: eager(LegalPage),
  verify: eager(VerifyPage),
  resetPassword: eager(ResetPasswordPage),
  confirmEmail: eager(ConfirmEmailPage),
  adminInvitation: eager(AdminInvitationPage),
  secondFactor: eager(SecondFactorPage),
  consent: eager(ConsentPage),
  dashboard: eager(DashboardPage),
  admin: eager(AdminPage),
  applicationFile: eager(ApplicationFilePage),
} as unknown as typeof LazyPages;
