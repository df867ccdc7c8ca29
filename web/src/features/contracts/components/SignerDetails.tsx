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
    // Side by side on phones too, and inputs a size smaller: the sign dialog has little height to spare (issue 37).
    <fieldset className="grid shrink-0 grid-cols-2 gap-3">
      <legend className="sr-only">{t('sign.signer.title')}</legend>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={nameId}>{t('sign.signer.name')}</Label>
        <Input id={nameId} readOnly value={value(signer?.fullName)} className="h-9 bg-slate-50" />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={idCodeId}>{t('sign.signer.idCode')}</Label>
        <Input id={idCodeId} readOnly value={value(signer?.idCode)} className="h-9 bg-slate-50 tabular-nums" />
      </div>
    </fieldset>
  );
}
