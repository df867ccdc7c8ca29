import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Profile } from '@/types/api';

interface Props {
  signer: Profile | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Who signs, as the profile has it (issue 13, Signer identity): shown, never typed in, so never someone else. */
export function SignerDetails({ signer, isPending, isError }: Props) {
  const { t } = useTranslation('contracts');
  const nameId = useId();
  const idCodeId = useId();
  if (isError) {
    return (
      <p className="text-sm text-danger-700">
        {t('sign.signer.failed')}
      </p>
    );
  }
  const value = (text: string | null | undefined) => (isPending ? '…' : text || t('sign.signer.notProvided'));
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">{t('sign.signer.title')}</legend>
      <div className="flex flex-col gap-1">
        <Label htmlFor={nameId}>{t('sign.signer.name')}</Label>
        <Input id={nameId} readOnly value={value(signer?.fullName)} className="bg-slate-50" />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={idCodeId}>{t('sign.signer.idCode')}</Label>
        <Input id={idCodeId} readOnly value={value(signer?.idCode)} className="bg-slate-50 tabular-nums" />
      </div>
    </fieldset>
  );
}
