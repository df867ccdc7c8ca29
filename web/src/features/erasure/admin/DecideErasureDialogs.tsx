import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Check } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { REASON_MAX_LENGTH, useDecideErasure, type ErasureRequest } from '../api/erasure';

/**
 * Approving erases for good: the account is anonymised at once and can no longer sign in, every service erases
 * what it holds, and employment records are kept restricted for 7 years. Confirmed first, naming the person.
 */
export function ApproveErasureDialog({ request }: { request: ErasureRequest }) {
  const { t } = useTranslation('erasure', { keyPrefix: 'admin.approve' });
  const [open, setOpen] = useState(false);
  const decide = useDecideErasure();
  const failureToast = useFailureToast();

  // A decided request's row drops its buttons and this dialog with them: the toast waits on the promise.
  const confirm = () =>
    void decide.mutateAsync({ action: 'approve', id: request.id }).then(
      () => {
        setOpen(false);
        toast({ title: t('done'), description: request.fullName });
      },
      (error: unknown) => failureToast(t('failed'), error),
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !decide.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" aria-label={t('named', { name: request.fullName })}>
          <Check className="h-4 w-4" aria-hidden="true" />
          {t('button')}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', { name: request.fullName, email: request.email })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={decide.isPending}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={decide.isPending}>
            {decide.isPending ? t('running') : t('confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const refusalSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: 'erasure:admin.refuse.reasonRequired' })
    .max(REASON_MAX_LENGTH, { message: 'erasure:admin.refuse.reasonTooLong' }),
});
type RefusalValues = z.input<typeof refusalSchema>;
type RefusalBody = z.output<typeof refusalSchema>;

/** Refusing takes a reason, which the applicant sees on their profile. */
export function RefuseErasureDialog({ request }: { request: ErasureRequest }) {
  const { t } = useTranslation('erasure', { keyPrefix: 'admin.refuse' });
  const [open, setOpen] = useState(false);
  const decide = useDecideErasure();
  const failureToast = useFailureToast();
  const reasonId = useId();
  const { register, handleSubmit, reset, formState } = useForm<RefusalValues, unknown, RefusalBody>({
    resolver: zodResolver(refusalSchema),
    defaultValues: { reason: '' },
  });
  const error = formState.errors.reason?.message;

  const onOpenChange = (next: boolean) => {
    if (decide.isPending) return;
    setOpen(next);
    if (!next) reset();
  };

  const refuse = ({ reason }: RefusalBody) =>
    void decide.mutateAsync({ action: 'refuse', id: request.id, reason }).then(
      () => {
        setOpen(false);
        toast({ title: t('done'), description: request.fullName });
      },
      (failure: unknown) => failureToast(t('failed'), failure),
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary" aria-label={t('named', { name: request.fullName })}>
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t('button')}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" role="alertdialog">
        <form noValidate onSubmit={(event) => void handleSubmit(refuse)(event)} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description', { name: request.fullName })}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-1.5">
            <Label htmlFor={reasonId}>{t('reason')}</Label>
            <Textarea id={reasonId} maxLength={REASON_MAX_LENGTH} {...register('reason')} {...invalidProps(reasonId, error)} />
            <FieldError id={reasonId} message={error} />
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={decide.isPending}>
                {t('cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={decide.isPending}>
              {decide.isPending ? t('running') : t('confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
