import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useUser } from '@/lib/auth/get-user';
import { CONSENT_PATH, needsConsent, type ConsentReturn } from '../rules';

/**
 * Issue 16 "Consent": 'When a published version changes, a signed-in applicant accepts the new one before going
 * on.' Wraps the signed-in pages: such an applicant is sent to /consent first, remembering where they were going.
 */
export function RequireConsent() {
  const { user } = useUser();
  const location = useLocation();
  if (user && needsConsent(user)) {
    const state: ConsentReturn = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={CONSENT_PATH} state={state} replace />;
  }
  return <Outlet />;
}
