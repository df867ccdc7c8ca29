import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useBilingualContract } from '../contract-document';
import { SIGNATURE_ERRORS, sameIdCode, sameName } from '../signature';
import { ContractText } from './ContractText';

export interface ContractSignature {
  name: string;
  idCode: string;
}

interface EmploymentContractDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSign: (signature: ContractSignature) => void;
  /**
   * The registration form's full name and ID code: the signature must be the applicant's own (issue 13), and
   * the fields start with them so the applicant need not type twice.
   */
  signer: ContractSignature;
  /**
   * Issue 34: the eID the applicant registered with. The contract is then signed with that eID as a qualified
   * signature after registration (on the dashboard), not with a typed name: here it is only read and accepted.
   */
  eidMethod?: string | null;
}

/**
 * The employment contract in Estonian and English with a typed digital signature (spec §2 auth screen); after an eID
 * confirmed the identity (issue 34) it is read and accepted here and signed with that eID after registration.
 */
export function EmploymentContractDialog({ open, onOpenChange, ...rest }: EmploymentContractDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">{open && <ContractDialogBody {...rest} />}</DialogContent>
    </Dialog>
  );
}

/**
 * Spec §2 auth screen: signing takes a name and ID number and the acceptance tick; issue 13: the name is the
 * form's full name (case and spaces aside) and the ID number the form's ID code.
 */
function signatureSchema(signer: ContractSignature) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .refine((name) => name !== '' && sameName(name, signer.name), { message: SIGNATURE_ERRORS.name }),
      idCode: z
        .string()
        .trim()
        .refine((idCode) => idCode !== '' && sameIdCode(idCode, signer.idCode), { message: SIGNATURE_ERRORS.idCode }),
      accepted: z.boolean().refine((accepted) => accepted),
    })
    .transform(({ name, idCode }): ContractSignature => ({ name, idCode }));
}

type SignatureValues = z.input<ReturnType<typeof signatureSchema>>;

function ContractDialogBody({ onSign, signer, eidMethod }: Omit<EmploymentContractDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation(['contract', 'eid']);
  const byEid = Boolean(eidMethod);
  const contract = useBilingualContract();
  const {
    control,
    register,
    handleSubmit,
    formState: { isValid: canSign, errors },
  } = useForm<SignatureValues, unknown, ContractSignature>({
    resolver: zodResolver(signatureSchema(signer)),
    mode: 'onChange',
    defaultValues: { name: signer.name, idCode: signer.idCode, accepted: false },
  });
  const nameError = errors.name?.message;
  const idCodeError = errors.idCode?.message;
  // The contract texts show the signature as it is typed.
  const [name, idCode] = useWatch({ control, name: ['name', 'idCode'] });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('dialog.title')}</DialogTitle>
        <DialogDescription>{byEid ? t('dialog.eid.description') : t('dialog.description')}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        {contract ? (
          // A scroll area of its own that Tab stops on, so a keyboard user can read the contract with the arrow
          // keys before the signature fields (issue 18, WCAG 2.1.1).
          <div
            role="region"
            aria-label={t('dialog.textLabel')}
            tabIndex={0}
            data-testid="employment-contract-text"
            className="flex max-h-[45dvh] shrink-0 flex-col gap-6 overflow-y-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          >
            <ContractText document={contract.et} language="et" heading={t('dialog.versionEt')} signedName={name} signedIdCode={idCode} />
            <ContractText document={contract.en} language="en" heading={t('dialog.versionEn')} signedName={name} signedIdCode={idCode} />
          </div>
        ) : (
          <Spinner label={t('dialog.loading')} />
        )}
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('dialog.signTitle')}</legend>
          {byEid ? (
            <p className="text-sm text-slate-700" data-testid="contract-eid-note">
              {t('dialog.eid.note', { method: t(`eid:methods.${eidMethod}`), name: signer.name, idCode: signer.idCode })}
            </p>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="contract-signed-name" label={t('dialog.signedName')} error={nameError}>
                <Input id="contract-signed-name" autoComplete="name" {...register('name')} {...invalidProps('contract-signed-name', nameError)} />
              </FormField>
              <FormField id="contract-signed-id" label={t('dialog.signedIdCode')} error={idCodeError}>
                <Input
                  id="contract-signed-id"
                  inputMode="numeric"
                  maxLength={11}
                  {...register('idCode')}
                  {...invalidProps('contract-signed-id', idCodeError)}
                />
              </FormField>
            </div>
          )}
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="accepted"
              render={({ field }) => (
                <Checkbox
                  ref={field.ref}
                  id="contract-accept"
                  checked={field.value}
                  onCheckedChange={(value) => field.onChange(value === true)}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Label htmlFor="contract-accept" className="font-normal leading-snug">
              {t('dialog.accept')}
            </Label>
          </div>
        </fieldset>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t('dialog.cancel')}</Button>
        </DialogClose>
        {/* No <form>: this dialog sits inside the register form, whose submit a nested form would reach. */}
        <Button variant="primary" disabled={!canSign} onClick={handleSubmit((signature) => onSign(signature))}>
          {byEid ? t('dialog.eid.accept') : t('dialog.sign')}
        </Button>
      </DialogFooter>
    </>
  );
}
