import { useMutation } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Download, ExternalLink, Info, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import type { Contract } from '@/types/api';
import {
  contractAsiceUrl,
  sendIdCardSignature,
  startEsign,
  useInvalidateContracts,
  useStartEsign,
  type EsignMethod,
  type EsignSession,
} from '../api/esign';
import { useEsignSession } from '../api/use-esign-session';
import { ESTONIAN_MOBILE, knownEsignError as known, normalizePhone, type EsignErrorCode } from '../esign-rules';
import { readSigningCertificate, signDigest, WebEidFailure } from '../web-eid';

/** What went wrong, for the reader: a code we have a text for, else the server's own message. */
type Problem = { code: EsignErrorCode } | { webEid: WebEidFailure } | { message: string | null };

function problemOf(error: unknown, serverMessage: (error: unknown) => string | null): Problem {
  if (error instanceof WebEidFailure) return { webEid: error };
  const parsed = parseApiError(error);
  if (parsed.status === 503) return { code: 'unavailable' };
  const fieldCode = Object.values(parsed.fieldCodes).find(known);
  if (fieldCode) return { code: fieldCode };
  if (known(parsed.code)) return { code: parsed.code };
  return { message: serverMessage(error) };
}

interface PanelProps {
  contract: Contract;
  method: EsignMethod;
  /** The profile's phone, offered for Mobile-ID when it is an Estonian mobile number. */
  profilePhone?: string | null;
  /** True while a signing is under way: the dialog keeps the method then. */
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}

/**
 * Issue 33: signing with eID in the sign dialog. Smart-ID and Mobile-ID start a session on the server and
 * follow it (the verification code in large digits, to compare with the phone's); the ID-card goes through
 * Web eID: the card's certificate to the server, its digest to the card, the card's signature back. Every
 * step and outcome is announced (aria-live) and the focus moves to each outcome.
 */
export function EsignPanel(props: PanelProps) {
  return props.method === 'id_card' ? <IdCardSigning {...props} /> : <PhoneSigning {...props} />;
}

function PhoneSigning({ contract, method, profilePhone, onBusyChange, onClose }: PanelProps) {
  const { t } = useTranslation('esign');
  const phoneId = useId();
  const hintId = useId();
  const serverMessage = useServerMessage();
  const start = useStartEsign();
  const [started, setStarted] = useState<EsignSession | null>(null);
  const [phone, setPhone] = useState(() => {
    const candidate = normalizePhone(profilePhone ?? '');
    return ESTONIAN_MOBILE.test(candidate) ? candidate : '+372';
  });
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const session = useEsignSession(contract.id, started);
  const state = session.data?.state;
  const busy = start.isPending || state === 'running';
  useBusy(busy, onBusyChange);

  const begin = (event: FormEvent) => {
    event.preventDefault();
    setStarted(null);
    let body: { method: EsignMethod; phone?: string } = { method };
    if (method === 'mobile_id') {
      const number = normalizePhone(phone);
      const invalid = number === '' || number === '+372' ? 'required' : ESTONIAN_MOBILE.test(number) ? undefined : 'invalid';
      setPhoneError(invalid && `esign:phone.${invalid}`);
      if (invalid) {
        document.getElementById(phoneId)?.focus();
        return;
      }
      body = { method, phone: number };
    }
    start.mutate(
      { contractId: contract.id, ...body },
      {
        onSuccess: setStarted,
        onError: (error) => {
          const phoneCode = parseApiError(error).fieldCodes.phone;
          if (phoneCode) {
            setPhoneError(phoneCode === 'required' ? 'esign:phone.required' : 'esign:phone.invalid');
            start.reset();
            document.getElementById(phoneId)?.focus();
          }
        },
      },
    );
  };

  const retry = () => {
    start.reset();
    setStarted(null);
  };

  let outcome: ReactNode = null;
  if (start.isError) {
    outcome = <Failure problem={problemOf(start.error, serverMessage)} onRetry={retry} />;
  } else if (session.isError) {
    outcome = (
      <Failure problem={problemOf(session.error, serverMessage)} onRetry={() => void session.refetch()} retryLabel={t('checkAgain')} />
    );
  } else if (session.data?.state === 'failed') {
    const code = session.data.error?.code;
    outcome = <Failure problem={known(code) ? { code } : { message: null }} onRetry={retry} />;
  } else if (session.data?.state === 'signed') {
    outcome = <Signed contract={contract} method={method} onClose={onClose} />;
  } else if (session.data?.state === 'running') {
    outcome = <Waiting method={method} code={session.data.verificationCode ?? null} />;
  }
  const idle = !start.isPending && !started && !start.isError;

  return (
    <div className="flex flex-col gap-3" data-testid="esign-panel">
      <p className="text-sm text-slate-700">{t(`intro.${method}`)}</p>
      {idle && (
        <form noValidate onSubmit={begin} className="flex flex-col gap-3" aria-label={t(`start.${method}`)}>
          {method === 'mobile_id' && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={phoneId}>{t('phone.label')}</Label>
              <Input
                id={phoneId}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => {
                  setPhone(event.target.value);
                  setPhoneError(undefined);
                }}
                {...invalidProps(phoneId, phoneError)}
                aria-describedby={phoneError ? `${phoneId}-error ${hintId}` : hintId}
                className="max-w-xs"
              />
              <p id={hintId} className="text-xs text-slate-600">
                {t('phone.hint')}
              </p>
              <FieldError id={phoneId} message={phoneError} />
            </div>
          )}
          <div>
            <Button type="submit">{t(`start.${method}`)}</Button>
          </div>
        </form>
      )}
      <Status busy={start.isPending} busyText={t('starting')}>
        {outcome}
        {session.data?.demo && <DemoNotice />}
      </Status>
    </div>
  );
}

type CardStep = 'idle' | 'certificate' | 'preparing' | 'pin' | 'finishing';

function IdCardSigning({ contract, onBusyChange, onClose }: PanelProps) {
  const { t, i18n } = useTranslation('esign');
  const serverMessage = useServerMessage();
  const [step, setStep] = useState<CardStep>('idle');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const signing = useMutation({
    mutationFn: async () => {
      setStep('certificate');
      const certificate = await readSigningCertificate(lang);
      setStep('preparing');
      const prepared = await startEsign(contract.id, { method: 'id_card', certificate });
      if (prepared.state !== 'awaiting_signature' || !prepared.digest || !prepared.hashFunction) return prepared;
      setStep('pin');
      const signature = await signDigest(certificate, prepared.digest, prepared.hashFunction, lang);
      setStep('finishing');
      return sendIdCardSignature(contract.id, prepared.sessionId, signature);
    },
    onSettled: () => setStep('idle'),
  });
  useBusy(signing.isPending, onBusyChange);

  let outcome: ReactNode = null;
  if (signing.isError) {
    outcome = <Failure problem={problemOf(signing.error, serverMessage)} onRetry={() => signing.reset()} webEidHelp />;
  } else if (signing.data?.state === 'signed') {
    outcome = <Signed contract={contract} method="id_card" onClose={onClose} />;
  } else if (signing.data) {
    const code = signing.data.error?.code;
    outcome = <Failure problem={known(code) ? { code } : { message: null }} onRetry={() => signing.reset()} />;
  }

  return (
    <div className="flex flex-col gap-3" data-testid="esign-panel">
      <p className="text-sm text-slate-700">{t('intro.id_card')}</p>
      {signing.isIdle && (
        <div>
          <Button type="button" onClick={() => signing.mutate()}>
            {t('start.id_card')}
          </Button>
        </div>
      )}
      <Status busy={signing.isPending} busyText={step === 'idle' ? t('starting') : t(`idCard.${step}`)}>
        {outcome}
      </Status>
    </div>
  );
}

/** Tells the dialog whether a signing is under way. */
function useBusy(busy: boolean, onBusyChange: (busy: boolean) => void) {
  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);
}

/**
 * The live region every step and outcome is told in (a screen reader hears each without moving). The button that
 * started the signing goes away, so the focus comes here rather than being lost with it.
 */
function Status({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  const { t } = useTranslation('esign');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (busy) ref.current?.focus();
  }, [busy]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      aria-label={t('status')}
      className="flex flex-col gap-3 outline-none"
      data-testid="esign-status"
    >
      {busy && (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner /> {busyText}
        </p>
      )}
      {children}
    </div>
  );
}

/** Moves the focus to an outcome as it appears, so a keyboard user is where the next step is. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

function DemoNotice() {
  const { t } = useTranslation('esign');
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="esign-demo">
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t('demo')}
    </p>
  );
}

function Waiting({ method, code }: { method: EsignMethod; code: string | null }) {
  const { t } = useTranslation('esign');
  const ref = useFocusOnMount<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className="flex flex-col gap-3 outline-none" data-testid="esign-waiting">
      {code ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-primary-200 bg-primary-50 p-4 text-center">
          <p className="text-sm font-medium text-slate-700" id="esign-code-label">
            {t('code.label')}
          </p>
          <p
            aria-labelledby="esign-code-label"
            className="font-mono text-5xl font-bold tracking-[0.2em] text-slate-900 tabular-nums"
            data-testid="esign-verification-code"
          >
            {code}
          </p>
          <p className="text-sm text-slate-700">{t('code.check')}</p>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('code.pending')}</p>
      )}
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner /> {t(`waiting.${method === 'smart_id' ? 'smart_id' : 'mobile_id'}`)}
      </p>
    </div>
  );
}

function Failure({
  problem,
  onRetry,
  retryLabel,
  webEidHelp = false,
}: {
  problem: Problem;
  onRetry: () => void;
  retryLabel?: string;
  webEidHelp?: boolean;
}) {
  const { t } = useTranslation('esign');
  const ref = useFocusOnMount<HTMLDivElement>();
  const text =
    'code' in problem
      ? t(`errors.${problem.code}`)
      : 'webEid' in problem
        ? t(`webEid.${problem.webEid.code}`)
        : (problem.message ?? t('errors.unknown'));
  const missingWebEid =
    'webEid' in problem && ['ERR_WEBEID_EXTENSION_UNAVAILABLE', 'ERR_WEBEID_NATIVE_UNAVAILABLE'].includes(problem.webEid.code);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg border border-danger-200 bg-danger-50 p-3 focus-visible:outline-2 focus-visible:outline-primary-500"
      data-testid="esign-failed"
    >
      <p className="flex items-start gap-2 text-sm text-danger-700">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="block font-semibold">{t('failed')}</strong>
          {text}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          {retryLabel ?? t('retry')}
        </Button>
        {webEidHelp && missingWebEid && (
          <a
            href="https://www.id.ee/en/article/install-id-software/"
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('ghost', 'sm', 'h-auto min-h-9 whitespace-normal py-1 text-left')}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {t('idCard.getWebEid')}
          </a>
        )}
      </div>
    </div>
  );
}

function Signed({ contract, method, onClose }: { contract: Contract; method: EsignMethod; onClose: () => void }) {
  const { t } = useTranslation('esign');
  const invalidate = useInvalidateContracts();
  const ref = useFocusOnMount<HTMLDivElement>();
  // When the signature is in, the lists show the contract signed.
  useEffect(() => {
    void invalidate();
  }, [invalidate]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-3 focus-visible:outline-2 focus-visible:outline-primary-500"
      data-testid="esign-signed"
    >
      <p className="flex items-start gap-2 text-sm text-green-800">
        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="block font-semibold">{t('signed.title')}</strong>
          {t('signed.text', { method: t(`methods.${method}`) })}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={contractAsiceUrl(contract.id)} download className={buttonClasses('secondary', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('signed.download')}
        </a>
        <Button type="button" size="sm" onClick={onClose}>
          {t('signed.close')}
        </Button>
      </div>
    </div>
  );
}
