import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useErrorText } from '@/hooks/use-error-text';
import { homePathFor, useUser } from '@/lib/auth/get-user';
import { useConfirmTotp, useStartTotp } from '../api/second-factor';
import { OneTimeCodeForm } from './OneTimeCodeForm';
import { PasskeysCard } from './PasskeysCard';
import { CopyButton, RecoveryCodesList } from './RecoveryCodesList';

/**
 * /second-factor (issue 15): an admin without a second factor is sent here at sign-in; an applicant comes from
 * the profile. An authenticator app (the QR code, or the key as text, confirmed with a code) or a passkey; then
 * the ten recovery codes, shown once.
 */
export function SecondFactorPage() {
  const { t } = useTranslation('security');
  const { user } = useUser();
  const navigate = useNavigate();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  useDocumentMeta(t('enrol.title'));
  if (!user) return null; // RequireAuth renders this page for signed-in users only

  const onward = (
    <Button type="button" size="lg" className="self-start" onClick={() => void navigate(homePathFor(user))}>
      {t('enrol.continue')}
    </Button>
  );
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('enrol.title')}</h1>
          <CardDescription>{user.role === 'admin' ? t('enrol.introAdmin') : t('enrol.intro')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {recoveryCodes ? (
            <>
              <RecoveryCodesList codes={recoveryCodes} username={user.username} />
              {onward}
            </>
          ) : user.secondFactorPassed ? (
            <>
              <p role="status" className="text-slate-800">
                {t('enrol.done')}
              </p>
              {onward}
            </>
          ) : (
            <>
              <TotpSetup onConfirmed={setRecoveryCodes} />
              <div className="flex flex-col gap-3 border-t border-slate-200 pt-6">
                <p className="text-sm text-slate-700">{t('enrol.alternative')}</p>
                <PasskeysCard />
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function TotpSetup({ onConfirmed }: { onConfirmed: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const failed = (error: unknown) =>
    toast({ title: t('enrol.failed'), description: errorText(error), variant: 'destructive' });

  if (!start.data) {
    return (
      <Button type="button" className="self-start" disabled={start.isPending} onClick={() => start.mutate(undefined, { onError: failed })}>
        {start.isPending ? t('enrol.starting') : t('enrol.start')}
      </Button>
    );
  }
  const { qrSvg, secret } = start.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{t('enrol.scan')}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t('enrol.qrAlt')}
        className="h-48 w-48 self-center rounded border border-slate-200 bg-white sm:self-start"
      />
      <div className="flex flex-col gap-2">
        <p id="totp-secret-label" className="text-sm text-slate-700">
          {t('enrol.secretLabel')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
            {secret}
          </code>
          <CopyButton text={secret} label={t('enrol.copySecret')} />
        </div>
      </div>
      <p className="text-slate-800">{t('enrol.confirmStep')}</p>
      <OneTimeCodeForm
        id="totp-confirm-code"
        label={t('enrol.codeLabel')}
        submitLabel={t('enrol.confirm')}
        pendingLabel={t('enrol.confirming')}
        isPending={confirm.isPending}
        onCode={(code, onError) => confirm.mutate(code, { onSuccess: (answer) => onConfirmed(answer.recoveryCodes), onError })}
        onOtherError={failed}
      />
    </div>
  );
}
