import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { SECOND_FACTOR_PATH, useUser } from '@/lib/auth/get-user';
import { useNewRecoveryCodes, useSecondFactor, useTurnTotpOff } from '../api/second-factor';
import { OneTimeCodeForm } from './OneTimeCodeForm';
import { PasskeysCard } from './PasskeysCard';
import { RecoveryCodesList } from './RecoveryCodesList';

/**
 * The profile's two-step verification (issue 15): turn the authenticator app on (the enrolment page) or off,
 * new recovery codes, passkeys. Admins see it as required and cannot turn it off.
 */
export function SecondFactorCard() {
  const { t } = useTranslation('security');
  const { user } = useUser();
  const state = useSecondFactor();
  const turnOff = useTurnTotpOff();
  const newCodes = useNewRecoveryCodes();
  const errorText = useErrorText();
  const [codes, setCodes] = useState<string[] | null>(null);
  const failed = (error: unknown) =>
    toast({ title: t('card.failed'), description: errorText(error), variant: 'destructive' });
  const current = state.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('card.title')}</CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {current && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Badge data-testid="second-factor-state" tone={current.totp ? 'green' : 'neutral'}>
                {current.totp ? t('card.on') : t('card.off')}
              </Badge>
              {current.totp && <span className="text-sm text-slate-700">{t('card.codesLeft', { count: current.recoveryCodesLeft })}</span>}
            </div>
            {current.required && <p className="text-sm text-slate-700">{t('card.required')}</p>}
            {!current.totp && (
              <Button asChild className="self-start">
                <Link to={SECOND_FACTOR_PATH}>{t('card.turnOn')}</Link>
              </Button>
            )}
            {codes && user && <RecoveryCodesList codes={codes} username={user.username} />}
            {current.totp && (
              <div className="flex flex-col gap-1">
                <OneTimeCodeForm
                  id="new-recovery-codes-code"
                  label={t('card.newCodesLabel')}
                  submitLabel={t('card.newCodes')}
                  pendingLabel={t('card.creatingCodes')}
                  isPending={newCodes.isPending}
                  variant="secondary"
                  onCode={(code, onError) => newCodes.mutate(code, { onSuccess: (answer) => setCodes(answer.recoveryCodes), onError })}
                  onOtherError={failed}
                />
                <p className="text-sm text-slate-600">{t('card.newCodesHelp')}</p>
              </div>
            )}
            {current.totp && !current.required && (
              <OneTimeCodeForm
                id="turn-off-code"
                label={t('card.turnOffLabel')}
                submitLabel={t('card.turnOff')}
                pendingLabel={t('card.turningOff')}
                isPending={turnOff.isPending}
                variant="destructive"
                onCode={(code, onError) =>
                  turnOff.mutate(code, {
                    onSuccess: () => {
                      setCodes(null);
                      toast({ title: t('card.turnedOff') });
                    },
                    onError,
                  })
                }
                onOtherError={failed}
              />
            )}
          </>
        )}
        <PasskeysCard />
      </CardContent>
    </Card>
  );
}
