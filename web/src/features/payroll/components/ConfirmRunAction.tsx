import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/**
 * A run action that cannot be taken back (approve, delete a draft), asked to be confirmed first. The texts are
 * payroll:`${keyPrefix}.` button, title, description, confirm, running and cancel.
 */
export function ConfirmRunAction({
  keyPrefix,
  values,
  icon,
  variant = 'primary',
  onConfirm,
}: {
  keyPrefix: string;
  values: Record<string, string | number>;
  icon: ReactNode;
  variant?: ButtonVariant;
  /** Resolves once done (the dialog closes), rejects when it failed (the dialog stays for another try). */
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('payroll', { keyPrefix });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = () => {
    setPending(true);
    onConfirm().then(
      () => {
        setPending(false);
        setOpen(false);
      },
      () => setPending(false),
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={variant}>
          {icon}
          {t('button')}
        </Button>
      </DialogTrigger>
      <DialogContent size="sm" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description', values)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={pending}>
              {t('cancel')}
            </Button>
          </DialogClose>
          <Button variant={variant} onClick={confirm} disabled={pending}>
            {pending ? t('running') : t('confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
