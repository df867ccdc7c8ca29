import { lazyPage } from '@/app/lazy-page';

/** Every page but the landing page downloads only when visited (issue 18 "First load"). */
export const lazyPages = {
  auth: lazyPage(() => import('@/features/auth/components/AuthPage').then((m) => m.AuthPage)),
  legal: lazyPage(() => import('@/features/legal/LegalPage').then((m) => m.LegalPage)),
  verify: lazyPage(() => import('@/features/verify').then((m) => m.VerifyPage)),
  resetPassword: lazyPage(() =>
    import('@/features/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage),
  ),
  confirmEmail: lazyPage(() => import('@/features/auth/components/ConfirmEmailPage').then((m) => m.ConfirmEmailPage)),
  adminInvitation: lazyPage(() =>
    import('@/features/admins/components/AdminInvitationPage').then((m) => m.AdminInvitationPage),
  ),
  secondFactor: lazyPage(() =>
    import('@/features/auth/components/SecondFactorPage').then((m) => m.SecondFactorPage),
  ),
  consent: lazyPage(() => import('./ConsentPage').then((m) => m.ConsentPage)),
  dashboard: lazyPage(() => import('./DashboardPage').then((m) => m.DashboardPage)),
  admin: lazyPage(() => import('./AdminPage').then((m) => m.AdminPage)),
  applicationFile: lazyPage(() => import('./ApplicationFilePage').then((m) => m.ApplicationFilePage)),
};
