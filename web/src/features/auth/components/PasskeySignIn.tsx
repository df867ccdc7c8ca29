import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/hooks/use-error-text';
import { parseApiError } from '@/lib/api-client';
import { NO_PASSKEYS, passkeysSupported, usePasskeySignIn, wasCancelled } from '../api/passkeys';

/**
 * The login form's second step (issue 15): instead of a code, a passkey. The password typed in the first step
 * is sent again with it; `onSignedIn` runs once the session (which passed the second factor) is open.
 */
export function PasskeySignIn({ username, password, onSignedIn }: { username: string; password: string; onSignedIn: () => void }) {
  const { t } = useTranslation('passkeys');
  const errorText = useErrorText();
  const signIn = usePasskeySignIn();
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  const onFailure = (error: unknown) => {
    if (wasCancelled(error)) setProblem(t('signIn.cancelled'));
    else if (parseApiError(error).code === NO_PASSKEYS) setProblem(t('signIn.none'));
    else setProblem(errorText(error));
  };

  const start = () => {
    setProblem(null);
    signIn.mutate({ username, password }, { onSuccess: onSignedIn, onError: onFailure });
  };

  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="secondary" size="lg" className="w-full" disabled={signIn.isPending} onClick={start}>
        {signIn.isPending ? t('signIn.pending') : t('signIn.button')}
      </Button>
      {problem && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {problem}
        </p>
      )}
    </div>
  );
}
