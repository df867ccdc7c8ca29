import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useBilingualContract } from '../contract-document';
import { ContractText } from './ContractText';

export interface ContractSignature {
  name: string;
  idCode: string;
}

interface EmploymentContractDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSign: (signature: ContractSignature) => void;
  /** Prefills from the registration form so the applicant need not type twice. */
  defaultName?: string;
  defaultIdCode?: string;
}

/** The employment contract in Estonian and English with a typed digital signature (spec §2 auth screen). */
export function EmploymentContractDialog({ open, onOpenChange, ...rest }: EmploymentContractDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg">{open && <ContractDialogBody {...rest} />}</DialogContent>
    </Dialog>
  );
}

function ContractDialogBody({ onSign, defaultName = '', defaultIdCode = '' }: Omit<EmploymentContractDialogProps, 'open' | 'onOpenChange'>) {
  const { t } = useTranslation('contract');
  const contract = useBilingualContract();
  const [name, setName] = useState(defaultName);
  const [idCode, setIdCode] = useState(defaultIdCode);
  const [accepted, setAccepted] = useState(false);
  const canSign = accepted && name.trim() !== '' && idCode.trim() !== '';

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('dialog.title')}</DialogTitle>
        <DialogDescription>{t('dialog.description')}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-6">
        {contract ? (
          <>
            <ContractText document={contract.et} language="et" heading={t('dialog.versionEt')} signedName={name} signedIdCode={idCode} />
            <ContractText document={contract.en} language="en" heading={t('dialog.versionEn')} signedName={name} signedIdCode={idCode} />
          </>
        ) : (
          <Spinner label={t('dialog.loading')} />
        )}
        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('dialog.signTitle')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="contract-signed-name" label={t('dialog.signedName')}>
              <Input id="contract-signed-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
            </FormField>
            <FormField id="contract-signed-id" label={t('dialog.signedIdCode')}>
              <Input
                id="contract-signed-id"
                inputMode="numeric"
                maxLength={11}
                value={idCode}
                onChange={(e) => setIdCode(e.target.value)}
              />
            </FormField>
          </div>
          <div className="flex items-start gap-3">
            <Checkbox id="contract-accept" checked={accepted} onCheckedChange={(value) => setAccepted(value === true)} />
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
        <Button variant="primary" disabled={!canSign} onClick={() => onSign({ name: name.trim(), idCode: idCode.trim() })}>
          {t('dialog.sign')}
        </Button>
      </DialogFooter>
    </>
  );
}
