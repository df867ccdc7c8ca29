import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/state-message';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/hooks/use-error-text';
import { parseApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { useConfirmEmailChange } from '../api/account';
import { TokenPageShell } from './TokenPageShell';

/** Where to go next: the profile for a signed-in applicant, else the login page. */
function NextLink() {
  const { t } = useTranslation('account');
  const { user } = useUser();
  return user ? (
    <Link to="/dashboard" className={buttonClasses('primary')}>
      {t('confirmEmail.toDashboard')}
    </Link>
  ) : (
    <Link to="/auth" className={buttonClasses('primary')}>
      {t('confirmEmail.toLogin')}
    </Link>
  );
}

/** Issue 14: /confirm-email?token=... applies an e-mail change once its link is followed (signed in or not). */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const errorText = useErrorText();
  const sent = useRef(false);
  const { mutate } = confirm;

  // Once per page: the link works only once, so a second post would report the first one's success as a failure.
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  const invalid = !token || (confirm.isError && parseApiError(confirm.error).code === 'invalid_token');
  return (
    <TokenPageShell title={t('confirmEmail.title')}>
      <div aria-live="polite" className="flex flex-col items-start gap-4">
        {invalid ? (
          <ErrorState title={t('confirmEmail.invalidToken.title')} className="w-full">
            {t('confirmEmail.invalidToken.text')}
          </ErrorState>
        ) : confirm.isError ? (
          <ErrorState title={t('confirmEmail.failed')} className="w-full">
            {errorText(confirm.error)}
          </ErrorState>
        ) : confirm.isSuccess ? (
          <p role="status" className="flex items-start gap-2 text-lg font-semibold text-success-600">
            <CheckCircle2 className="mt-1 h-6 w-6 shrink-0" aria-hidden="true" />
            {t('confirmEmail.success', { email: confirm.data.email })}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-slate-700">
            <Spinner /> {t('confirmEmail.checking')}
          </p>
        )}
        {!confirm.isPending && <NextLink />}
      </div>
    </TokenPageShell>
  );
}
