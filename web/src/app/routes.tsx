import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '@/app/pages/LandingPage';
import { lazyPages } from '@/app/pages/lazy-pages';
import { AppLayout } from '@/components/layout/AppLayout';
// Not the feature's index: that would bundle the consent page's form into every page's first load.
import { RequireConsent } from '@/features/consent/components/RequireConsent';
import { CONSENT_PATH } from '@/features/consent/rules';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { PageLoading as Loading } from './PageLoading';
import { AUTH_REDIRECT_DELAY_MS, RedirectSignedIn, RequireAuth, RequireNumericParam } from './route-guard';

const {
  auth: Auth,
  legal: Legal,
  verify: Verify,
  resetPassword: ResetPassword,
  confirmEmail: ConfirmEmail,
  adminInvitation: AdminInvitation,
  secondFactor: SecondFactor,
  consent: Consent,
  dashboard: Dashboard,
  admin: Admin,
  applicationFile: ApplicationFile,
} = lazyPages;

/**
 * The route table of spec §2. Exported so tests can mount it in a memory router. The landing page is in the
 * entry chunk (it is the first screen); every other page is its own chunk (issue 18 "First load").
 */
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
            <Loading>
              <Auth.Component />
            </Loading>
          </RedirectSignedIn>
        ),
      },
      ...(['terms', 'privacy', 'cookies', 'gdpr'] as const).map((kind) => ({
        path: `/${kind}`,
        element: (
          <Loading>
            <Legal.Component kind={kind} />
          </Loading>
        ),
      })),
      // Anyone, signed in or not, may check a contract PDF (issue 13).
      {
        path: '/verify',
        element: (
          <Loading>
            <Verify.Component />
          </Loading>
        ),
      },
      // The pages e-mailed links open (issue 14): signed in or not, the link decides.
      {
        path: '/reset-password',
        element: (
          <Loading>
            <ResetPassword.Component />
          </Loading>
        ),
      },
      {
        path: '/confirm-email',
        element: (
          <Loading>
            <ConfirmEmail.Component />
          </Loading>
        ),
      },
      // Issue 15: an invited admin's link, signed in or not: the token decides.
      {
        path: '/admin-invitation',
        element: (
          <Loading>
            <AdminInvitation.Component />
          </Loading>
        ),
      },
      // Issue 15: where an admin without a passed second factor is sent, and where anyone sets one up.
      {
        element: <RequireAuth enrolment />,
        children: [
          {
            // Issue 16: an applicant with a new version of a text to accept does that first.
            element: <RequireConsent />,
            children: [
              {
                path: '/second-factor',
                element: (
                  <Loading>
                    <SecondFactor.Component />
                  </Loading>
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          // Issue 16 "Consent": where the applicant accepts newly published versions of the texts.
          {
            path: CONSENT_PATH,
            element: (
              <Loading>
                <Consent.Component />
              </Loading>
            ),
          },
          {
            element: <RequireConsent />,
            children: [
              {
                path: '/dashboard',
                element: (
                  <Loading>
                    <Dashboard.Component />
                  </Loading>
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth adminOnly />,
        children: [
          {
            path: '/admin',
            element: (
              <Loading>
                <Admin.Component />
              </Loading>
            ),
          },
        ],
      },
      {
        // The id check comes first: /admin/applications/abc is a 404 for everyone.
        path: '/admin/applications/:id',
        element: (
          <RequireNumericParam name="id">
            <RequireAuth adminOnly />
          </RequireNumericParam>
        ),
        children: [
          {
            index: true,
            element: (
              <Loading>
                <ApplicationFile.Component />
              </Loading>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
