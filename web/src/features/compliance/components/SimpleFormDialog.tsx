import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A dialog holding a plain form; texts under `compliance:${keyPrefix}.` (title, description, submit, submitting). */
export function SimpleFormDialog({
  keyPrefix,
  open,
  onOpenChange,
  trigger,
  onSubmit,
  pending,
  children,
}: {
  keyPrefix: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  onSubmit: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('compliance', { keyPrefix });
  const { t: common } = useTranslation('compliance');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">{children}</DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{common('cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? common('saving') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
