import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
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
  type DialogSize,
} from './dialog';

interface FormDialogProps {
  /**
   * Where the texts live: `${ns}:${keyPrefix}.` followed by title, description, cancel, submit and
   * submitting (the submit button's text while the form is being sent).
   */
  ns: string;
  keyPrefix: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  size?: DialogSize;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form is being sent: the submit button is disabled. */
  pending: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog opened by a trigger button, holding a form: header, fields, and Cancel / Submit. */
export function FormDialog({ ns, keyPrefix, open, onOpenChange, trigger, size, onSubmit, pending, children }: FormDialogProps) {
  const { t } = useTranslation(ns, { keyPrefix });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size={size}>
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>{t('title')}</DialogTitle>
            <DialogDescription>{t('description')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-5">{children}</DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? t('submitting') : t('submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
