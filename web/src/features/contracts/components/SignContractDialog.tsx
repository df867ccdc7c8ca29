import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Keyboard, PenLine, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useValidationText } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';
import { parseApiError } from '@/lib/api-client';
import type { Contract } from '@/types/api';
import type { EsignMethod } from '../api/esign';
import { useSignContract } from '../api/sign-contract';
import { useSigner } from '../api/get-signer';
import { useContractTitle } from '../use-contract-title';
import { eidOnly, eidRegisteredMethod } from '../rules';
import { EsignPanel } from './EsignPanel';
import { SignaturePad } from './SignaturePad';
import { SignerDetails } from './SignerDetails';
import { TypedSignature } from './TypedSignature';

interface Props {
  contract: Contract | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2 sign dialog, with issue 13's signer identity: the contract's text and the signer's name and ID code
 * (read-only, from the profile) above the signature, which is drawn (the default) or typed: the profile's name in
 * a handwriting font, the keyboard's way to sign (WCAG 2.1.1). Confirm needs a signature and is off while sending.
 * Issue 33: Smart-ID, Mobile-ID and the ID-card beside them (EsignPanel), and only they for a board member's
 * consent or a resignation. Issue 34: only they, too, for the employment contract of an applicant who registered
 * with an eID, starting on the method they registered with (their name and ID code are the certificate's).
 */
export function SignContractDialog({ contract, onOpenChange }: Props) {
  return (
    <Dialog open={contract !== null} onOpenChange={onOpenChange}>
      {contract && (
        <DialogContent size="md">
          <SignForm contract={contract} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

const METHODS = ['drawn', 'typed'] as const;
type Method = (typeof METHODS)[number];
const EID_METHODS = ['smart_id', 'mobile_id', 'id_card'] as const satisfies readonly EsignMethod[];
type Choice = Method | EsignMethod;

function isHandwritten(choice: Choice): choice is Method {
  return (METHODS as readonly string[]).includes(choice);
}

/** Spec §5 contract sign: a signature image (the pad's or the typed name's PNG data URL) is required. */
const signSchema = z.object({
  method: z.enum(METHODS),
  signatureData: z
    .string()
    .nullable()
    .transform((signature, context) => {
      if (signature !== null) return signature;
      context.addIssue({ code: 'custom', message: 'sign.required.text' });
      return z.NEVER;
    }),
});

type SignValues = z.input<typeof signSchema>;
type SignBody = z.output<typeof signSchema>;

function SignForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const { t } = useTranslation(['contracts', 'esign']);
  const title = useContractTitle();
  const signer = useSigner();
  // Issue 34: an applicant who registered with an eID signs the employment contract with it too (the server refuses
  // a drawn or typed one), and any eID-only document starts on the method they registered with.
  const registered = eidRegisteredMethod(signer.data);
  const byRegistration = registered !== null && contract.kind === 'employment';
  const onlyEid = eidOnly(contract) || byRegistration;
  const choices: readonly Choice[] = onlyEid ? EID_METHODS : [...METHODS, ...EID_METHODS];
  // The profile may still be on its way: until a method is picked, the choice follows what it says.
  const [picked, setPicked] = useState<Choice | null>(null);
  const choice: Choice = picked !== null && choices.includes(picked) ? picked : onlyEid ? (registered ?? 'smart_id') : 'drawn';
  const [eidBusy, setEidBusy] = useState(false);
  const handwritten = isHandwritten(choice);
  const { control, handleSubmit, setValue } = useForm<SignValues, unknown, SignBody>({
    resolver: zodResolver(signSchema),
    defaultValues: { method: 'drawn', signatureData: null },
  });
  const [method, signature] = useWatch({ control, name: ['method', 'signatureData'] });
  const sign = useSignContract();
  const serverMessage = useServerMessage();
  const fieldText = useValidationText();
  const fullName = signer.data?.fullName.trim() ?? '';

  const chooseMethod = (next: Choice) => {
    setPicked(next);
    if (!isHandwritten(next)) return;
    setValue('method', next);
    setValue('signatureData', null); // a drawing is not kept for the typed name, nor the other way round
  };

  const onInvalid = () =>
    toast({ title: t('sign.required.title'), description: t('sign.required.text'), variant: 'destructive' });

  const confirm = ({ method: chosen, signatureData }: SignBody) =>
    sign.mutate(
      { id: contract.id, signatureData, method: chosen, ...(chosen === 'typed' ? { typedName: fullName } : {}) },
      {
        onSuccess: () => {
          toast({ title: t('sign.toast.success') });
          onDone();
        },
        onError: (error) => {
          const fields = parseApiError(error).fields;
          const detail = fieldText(fields.signatureData ?? fields.typedName) ?? serverMessage(error);
          toast({
            title: t('sign.toast.failed'),
            description: detail ? `${detail} ${t('sign.toast.retry')}` : t('sign.toast.retry'),
            variant: 'destructive',
          });
        },
      },
    );

  const emptyAlert = (
    <div role="alert" className="flex min-w-0 items-start gap-2 text-sm text-danger-700" data-testid="signature-empty">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>{t('sign.empty')}</p>
    </div>
  );

  const inner: ReactNode = (
    <>
      <DialogHeader className="py-4">
        <DialogTitle>{t('sign.title')}</DialogTitle>
        <DialogDescription>{t('sign.description', { title: title(contract) })}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-3 py-4">
        <div
          role="region"
          aria-label={t('sign.contentLabel')}
          data-testid="sign-contract-content"
          tabIndex={0}
          className="min-h-[4.5rem] shrink basis-[240px] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed text-slate-800 focus-visible:outline-2 focus-visible:outline-primary-500"
        >
          {contract.content}
        </div>
        <SignerDetails signer={signer.data} isPending={signer.isPending} isError={signer.isError} />
        {onlyEid && (
          <p className="flex shrink-0 items-start gap-2 text-sm text-slate-700" data-testid="esign-only">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-primary-600" aria-hidden="true" />
            {byRegistration ? t('esign:eidRegistered', { method: t(`esign:methods.${registered}`) }) : t('esign:eidOnly')}
          </p>
        )}
        <fieldset className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1">
          {/* Named for screen readers only: the five methods' own names say it, and on one line at 1366 px they keep
              the dialog within a short screen without scrolling (issue 37). */}
          <legend className="sr-only">{t('sign.method.legend')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {choices.map((option) => (
              <label key={option} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="signature-method"
                  value={option}
                  checked={choice === option}
                  onChange={() => chooseMethod(option)}
                  disabled={sign.isPending || eidBusy}
                  className="h-4 w-4 accent-primary-600"
                />
                {isHandwritten(option) ? t(`sign.method.${option}`) : t(`esign:methods.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {handwritten ? (
          <>
            <p className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-700">
              {method === 'drawn' ? (
                <PenLine className="h-4 w-4 shrink-0 text-primary-600" aria-hidden="true" />
              ) : (
                <Keyboard className="h-4 w-4 shrink-0 text-primary-600" aria-hidden="true" />
              )}
              {method === 'drawn' ? t('sign.instructions') : t('sign.typed.instructions')}
            </p>
            <div className="shrink-0">
              <Controller
                control={control}
                name="signatureData"
                render={({ field }) =>
                  method === 'drawn' ? (
                    <SignaturePad onChange={field.onChange} disabled={sign.isPending} status={signature ? undefined : emptyAlert} />
                  ) : (
                    <TypedSignature name={fullName} unavailable={signer.isError} onChange={field.onChange} />
                  )
                }
              />
            </div>
          </>
        ) : (
          <div className="shrink-0">
            <EsignPanel
              key={choice}
              contract={contract}
              method={choice}
              profilePhone={signer.data?.phone}
              onBusyChange={setEidBusy}
              onClose={onDone}
            />
          </div>
        )}
      </DialogBody>
      <DialogFooter className="flex-row flex-wrap items-center justify-end py-3">
        <p className="basis-full text-xs text-slate-500 sm:flex-1 sm:basis-0">
          {handwritten ? t('sign.legal') : t('esign:qualified')}
        </p>
        <DialogClose asChild>
          <Button variant="secondary">{t('sign.cancel')}</Button>
        </DialogClose>
        {handwritten && (
          <Button type="submit" disabled={!signature || sign.isPending}>
            {sign.isPending ? t('sign.signing') : t('sign.confirm')}
          </Button>
        )}
      </DialogFooter>
    </>
  );

  /*
   * Issue 37: the dialog fits a 1366x768 screen and a phone without scrolling to the pad's Clear button or the
   * 'please draw' alert. The contract's text (readable in full in the view dialog) gives up height first, down
   * to a few lines; the pad is shown smaller on a short screen (SIGNATURE_AREA_STYLE); the alert sits beside
   * Clear; the legal line is in the footer; header, footer and gaps are tighter than other dialogs'. The eID
   * methods have forms of their own (the Mobile-ID phone), so the dialog is a form only for a handwritten one.
   */
  return handwritten ? (
    <form noValidate onSubmit={handleSubmit(confirm, onInvalid)} className="flex min-h-0 flex-col">
      {inner}
    </form>
  ) : (
    <div className="flex min-h-0 flex-col">{inner}</div>
  );
}
