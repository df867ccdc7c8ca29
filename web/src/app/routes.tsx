import type { RouteObject } from 'react-router-dom';
import { AdminPage } from '@/app/pages/AdminPage';
import { ApplicationFilePage } from '@/app/pages/ApplicationFilePage';
import { DashboardPage } from '@/app/pages/DashboardPage';
import { LandingPage } from '@/app/pages/LandingPage';
import { AppLayout } from '@/components/layout/AppLayout';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { LegalPage } from '@/features/legal/LegalPage';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { VerifyPage } from '@/features/verify';
import { AUTH_REDIRECT_DELAY_MS, RedirectSignedIn, RequireAuth, RequireNumericParam } from './route-guard';

/** The route table of spec §2. Exported so tests can mount it in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        path: '/',
        element: (
          <RedirectSignedIn>
            <LandingPage />
          </RedirectSignedIn>
        ),
      },
      {
        path: '/auth',
        element: (
          <RedirectSignedIn delayMs={AUTH_REDIRECT_DELAY_MS}>
            <AuthPage />
          </RedirectSignedIn>
        ),
      },
      { path: '/terms', element: <LegalPage kind="terms" /> },
      { path: '/privacy', element: <LegalPage kind="privacy" /> },
      { path: '/cookies', element: <LegalPage kind="cookies" /> },
      { path: '/gdpr', element: <LegalPage kind="gdpr" /> },
      // Anyone, signed in or not, may check a contract PDF (issue 13).
      { path: '/verify', element: <VerifyPage /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard', element: <DashboardPage /> }],
      },
      {
        element: <RequireAuth adminOnly />,
        children: [{ path: '/admin', element: <AdminPage /> }],
      },
      {
        // The id check comes first: /admin/applications/abc is a 404 for everyone.
        path: '/admin/applications/:id',
        element: (
          <RequireNumericParam name="id">
            <RequireAuth adminOnly />
          </RequireNumericParam>
        ),
        children: [{ index: true, element: <ApplicationFilePage /> }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
