import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { parseApiError } from '@/lib/api-client';
import { validateEstonianId } from '@/lib/estonian-id';
import { currentLanguage } from '@/lib/i18n';
import type { User } from '@/types/api';
import {
  eidChallenge,
  eidSecondFactor,
  idCardEid,
  pollEid,
  startEid,
  type EidMethod,
  type EidPurpose,
  type EidResult,
  type PhoneMethod,
} from './api';
import { authenticateWithIdCard, WebEidFailure } from './web-eid';

const METHODS: readonly EidMethod[] = ['smart_id', 'mobile_id', 'id_card'];
/** The server long-polls SK for up to a second; a short pause between polls keeps a failing network calm. */
const POLL_PAUSE_MS = 250;
const MFA_REQUIRED = 'mfa_required';

type Step =
  | { name: 'choose' }
  | { name: 'details'; method: PhoneMethod }
  | { name: 'waiting'; method: EidMethod; sessionId?: string; code?: string }
  | { name: 'otp'; sessionId: string }
  | { name: 'failed'; method: EidMethod; message: string };

interface Props<P extends EidPurpose> {
  purpose: P;
  onDone: (result: EidResult<P>) => void;
}

/**
 * Issue 34: Smart-ID, Mobiil-ID and ID-kaart beside the password form (purpose `login`) or above the register
 * form (`register`). A phone method asks the ID code (and Mobile-ID the phone number), shows the verification code
 * in large digits and waits for the phone; the ID-card asks Web eID to sign this browser's challenge.
 */
export function EidPanel<P extends EidPurpose>({ purpose, onDone }: Props<P>) {
  const { t, i18n } = useTranslation(['eid', 'common']);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  // Each attempt has a number; going back or leaving the page starts another, so a running poll stops.
  const attempt = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );
  // The waiting and failed states take the focus to the panel's heading (their text follows it); the forms focus
  // their first field themselves.
  useEffect(() => {
    if (step.name === 'waiting' || step.name === 'failed') heading.current?.focus();
  }, [step.name]);

  const failed = (mine: number, method: EidMethod, error: unknown) => {
    if (attempt.current !== mine) return;
    const { code, message } = error instanceof WebEidFailure ? { code: error.code, message: '' } : parseApiError(error);
    const known = code && i18n.exists(`eid:errors.${code}`);
    const text = known ? t(`eid:errors.${code}`) : error instanceof WebEidFailure ? t('eid:errors.webEid') : message || t('common:errors.unknown');
    setStep({ name: 'failed', method, message: text });
  };

  const waitForPhone = async (mine: number, method: PhoneMethod, sessionId: string) => {
    for (;;) {
      if (attempt.current !== mine) return;
      try {
        const result = await pollEid(purpose, sessionId);
        if (attempt.current !== mine) return;
        if (result !== null) {
          onDone(result as EidResult<P>);
          return;
        }
      } catch (error) {
        if (purpose === 'login' && parseApiError(error).code === MFA_REQUIRED) {
          setStep({ name: 'otp', sessionId });
          return;
        }
        failed(mine, method, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
    }
  };

  const startPhone = async (method: PhoneMethod, idCode: string, phone: string) => {
    const mine = ++attempt.current;
    setStep({ name: 'waiting', method });
    try {
      const started = await startEid(purpose, { method, idCode, phone: method === 'mobile_id' ? phone : null });
      if (attempt.current !== mine) return;
      setStep({ name: 'waiting', method, sessionId: started.sessionId, code: started.verificationCode });
      await waitForPhone(mine, method, started.sessionId);
    } catch (error) {
      failed(mine, method, error);
    }
  };

  const startIdCard = async () => {
    const mine = ++attempt.current;
    setStep({ name: 'waiting', method: 'id_card' });
    try {
      const { nonce } = await eidChallenge();
      const token = await authenticateWithIdCard(nonce, currentLanguage(i18n));
      const result = await idCardEid(purpose, token);
      if (attempt.current === mine) onDone(result);
    } catch (error) {
      failed(mine, 'id_card', error);
    }
  };

  const choose = (method: EidMethod) => {
    if (method === 'id_card') void startIdCard();
    else setStep({ name: 'details', method });
  };
  const back = () => {
    attempt.current += 1;
    setStep({ name: 'choose' });
  };

  return (
    <section aria-labelledby={`eid-${purpose}-title`} className="flex flex-col gap-3">
      <h3 id={`eid-${purpose}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {t(`eid:${purpose}.title`)}
      </h3>
      {step.name === 'choose' && (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {METHODS.map((method) => (
            <Button key={method} type="button" variant="secondary" size="lg" onClick={() => choose(method)}>
              {t(`eid:${purpose}.with.${method}`)}
            </Button>
          ))}
        </div>
      )}
      {step.name === 'details' && (
        <PhoneDetails purpose={purpose} method={step.method} onBack={back} onSubmit={(idCode, phone) => void startPhone(step.method, idCode, phone)} />
      )}
      {step.name === 'waiting' && (
        <div role="status" aria-live="polite" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          {step.method === 'id_card' ? (
            <p>{t('eid:idCard.waiting')}</p>
          ) : step.code ? (
            <>
              <p className="text-sm text-slate-700">{t('eid:phone.codeLabel')}</p>
              <p className="text-4xl font-bold tracking-[0.3em] text-slate-900" data-testid="eid-verification-code">
                {step.code}
              </p>
              <p className="text-sm text-slate-700">{t(`eid:phone.check.${step.method}`)}</p>
            </>
          ) : (
            <p>{t('eid:phone.starting')}</p>
          )}
          <Button type="button" variant="ghost" onClick={back}>
            {t('eid:cancel')}
          </Button>
        </div>
      )}
      {step.name === 'otp' && purpose === 'login' && (
        <OtpStep sessionId={step.sessionId} onDone={(user) => onDone(user as EidResult<P>)} onBack={back} />
      )}
      {step.name === 'failed' && (
        <div className="flex flex-col gap-3">
          <p role="alert" className="rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-800">
            {step.message}
          </p>
          <Button type="button" variant="secondary" onClick={back}>
            {t('eid:tryAgain')}
          </Button>
        </div>
      )}
    </section>
  );
}

function PhoneDetails({
  purpose,
  method,
  onSubmit,
  onBack,
}: {
  purpose: EidPurpose;
  method: PhoneMethod;
  onSubmit: (idCode: string, phone: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['eid', 'common']);
  const [idCode, setIdCode] = useState('');
  const [phone, setPhone] = useState('+372');
  const [errors, setErrors] = useState<{ idCode?: string; phone?: string }>({});
  const prefix = `eid-${purpose}-${method}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: { idCode?: string; phone?: string } = {};
    const { error } = validateEstonianId(idCode.trim());
    if (error) found.idCode = t(`common:errors.codes.${error}`);
    if (method === 'mobile_id' && !/^\+[1-9][0-9]{6,14}$/.test(phone.replace(/\s/g, ''))) found.phone = t('eid:phone.invalid');
    setErrors(found);
    if (found.idCode || found.phone) return;
    onSubmit(idCode.trim(), phone.replace(/\s/g, ''));
  };

  return (
    <form noValidate aria-label={t(`eid:${purpose}.with.${method}`)} onSubmit={submit} className="flex flex-col gap-4">
      <FormField id={`${prefix}-id-code`} label={t('eid:idCode')} error={errors.idCode}>
        <Input
          id={`${prefix}-id-code`}
          value={idCode}
          onChange={(event) => setIdCode(event.target.value)}
          inputMode="numeric"
          maxLength={11}
          autoComplete="off"
          autoFocus
          aria-invalid={errors.idCode ? true : false}
          aria-describedby={errors.idCode ? `${prefix}-id-code-error` : undefined}
        />
      </FormField>
      {method === 'mobile_id' && (
        <FormField id={`${prefix}-phone`} label={t('eid:phone.number')} error={errors.phone}>
          <Input
            id={`${prefix}-phone`}
            type="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            autoComplete="tel"
            aria-invalid={errors.phone ? true : false}
            aria-describedby={errors.phone ? `${prefix}-phone-error` : undefined}
          />
        </FormField>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" className="sm:flex-1">
          {t('eid:continue')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          {t('eid:back')}
        </Button>
      </div>
    </form>
  );
}

function OtpStep({ sessionId, onDone, onBack }: { sessionId: string; onDone: (user: User) => void; onBack: () => void }) {
  const { t } = useTranslation(['eid', 'auth']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('auth:login.code.required'));
      return;
    }
    setPending(true);
    try {
      onDone(await eidSecondFactor(sessionId, code.trim()));
    } catch (failure) {
      setError(parseApiError(failure).code === MFA_REQUIRED ? t('auth:login.code.wrong') : parseApiError(failure).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate aria-label={t('auth:login.code.title')} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('auth:login.code.help')}</p>
      <FormField id="eid-login-code" label={t('auth:login.code.label')} error={error}>
        <Input
          id="eid-login-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          aria-invalid={error ? true : false}
          aria-describedby={error ? 'eid-login-code-error' : undefined}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={pending}>
        {t('auth:login.code.submit')}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        {t('eid:back')}
      </Button>
    </form>
  );
}
