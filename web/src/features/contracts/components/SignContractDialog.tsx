import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, PenLine } from 'lucide-react';
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
import { useSignContract } from '../api/sign-contract';
import { SignaturePad } from './SignaturePad';

interface Props {
  contract: Contract | null;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 sign dialog: draw, clear, confirm; confirm needs a drawing and is off while sending. */
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

/** Spec §5 contract sign: a drawn signature (the pad's PNG data URL) is required. */
const signSchema = z.object({
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
  const { t } = useTranslation('contracts');
  const { control, handleSubmit } = useForm<SignValues, unknown, SignBody>({
    resolver: zodResolver(signSchema),
    defaultValues: { signatureData: null },
  });
  const signature = useWatch({ control, name: 'signatureData' });
  const sign = useSignContract();
  const serverMessage = useServerMessage();
  const fieldText = useValidationText();

  const onInvalid = () =>
    toast({ title: t('sign.required.title'), description: t('sign.required.text'), variant: 'destructive' });

  const confirm = ({ signatureData }: SignBody) =>
    sign.mutate(
      { id: contract.id, signatureData },
      {
        onSuccess: () => {
          toast({ title: t('sign.toast.success') });
          onDone();
        },
        onError: (error) => {
          const detail = fieldText(parseApiError(error).fields.signatureData) ?? serverMessage(error);
          toast({
            title: t('sign.toast.failed'),
            description: detail ? `${detail} ${t('sign.toast.retry')}` : t('sign.toast.retry'),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(confirm, onInvalid)} className="flex min-h-0 flex-col">
      <DialogHeader>
        <DialogTitle>{t('sign.title')}</DialogTitle>
        <DialogDescription>{t('sign.description', { title: contract.title })}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <PenLine className="h-4 w-4 text-primary-600" aria-hidden="true" />
          {t('sign.instructions')}
        </p>
        <Controller
          control={control}
          name="signatureData"
          render={({ field }) => <SignaturePad onChange={field.onChange} disabled={sign.isPending} />}
        />
        {!signature && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-3 text-sm text-danger-700"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <p>{t('sign.empty')}</p>
          </div>
        )}
        <p className="text-xs text-slate-500">{t('sign.legal')}</p>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t('sign.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={!signature || sign.isPending}>
          {sign.isPending ? t('sign.signing') : t('sign.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}
