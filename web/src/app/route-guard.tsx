import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router-dom';
import { PageSkeleton } from '@/components/ui/skeleton';
import { NotFoundPage } from '@/features/not-found/NotFoundPage';
import { homePathFor, needsSecondFactor, SECOND_FACTOR_PATH, useUser } from '@/lib/auth/get-user';

/** Spec §9: signed-in users on the auth screen are sent on after 50 ms. */
export const AUTH_REDIRECT_DELAY_MS = 50;

/**
 * Guards protected routes (spec §2 route guard): a skeleton of the page (issue 18) while the user loads, signed-out visitors to
 * /auth, signed-in non-admins on admin routes to /dashboard. An admin whose session has not passed the second factor goes
 * to its enrolment before anything else (issue 15); `enrolment` marks that page itself.
 */
export function RequireAuth({ adminOnly = false, enrolment = false }: { adminOnly?: boolean; enrolment?: boolean }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSkeleton />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!enrolment && needsSecondFactor(user)) return <Navigate to={SECOND_FACTOR_PATH} replace />;
  if (adminOnly && user.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * Public pages meant for signed-out visitors (/ and /auth): a signed-in user is redirected, admins to
 * /admin and others to /dashboard, immediately or after `delayMs`.
 */
export function RedirectSignedIn({ delayMs = 0, children }: { delayMs?: number; children: ReactNode }) {
  const { user } = useUser();
  const navigate = useNavigate();
  const target = user ? homePathFor(user) : null;

  useEffect(() => {
    if (!target || delayMs === 0) return;
    const timer = setTimeout(() => void navigate(target, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [target, delayMs, navigate]);

  if (target && delayMs === 0) return <Navigate to={target} replace />;
  return <>{children}</>;
}

/** Renders children only when the route parameter is all digits; otherwise the 404 page (spec §2). */
export function RequireNumericParam({ name, children }: { name: string; children: ReactNode }) {
  const value = useParams()[name];
  if (!value || !/^\d+$/.test(value)) return <NotFoundPage />;
  return <>{children}</>;
}
