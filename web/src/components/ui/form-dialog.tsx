import type { ReactNode } from 'react';
import {
  FormProvider,
  type FieldError,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
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

/**
 * What a dialog's field shows under it: only the server's verdict (a 422 `fields` entry, set with type
 * 'server'). The dialogs' own required-field rules answer with one 'incomplete' toast instead.
 */
export function serverFieldError(error: FieldError | undefined): string | undefined {
  return error?.type === 'server' ? error.message : undefined;
}

interface FormDialogProps<Values extends FieldValues, Output extends FieldValues> {
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
  /**
   * The form (react-hook-form with a zod resolver). Its fields reach it through the form context; every
   * opening starts from its default values.
   */
  form: UseFormReturn<Values, unknown, Output>;
  /** The values passed the form's schema. */
  onSubmit: SubmitHandler<Output>;
  /** The values broke the form's schema: nothing is sent. */
  onInvalid?: SubmitErrorHandler<Values>;
  /** The form is being sent: the submit button is disabled. */
  pending: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog opened by a trigger button, holding a form: header, fields, and Cancel / Submit. */
export function FormDialog<Values extends FieldValues, Output extends FieldValues = Values>({
  ns,
  keyPrefix,
  open,
  onOpenChange,
  trigger,
  size,
  form,
  onSubmit,
  onInvalid,
  pending,
  children,
}: FormDialogProps<Values, Output>) {
  const { t } = useTranslation(ns, { keyPrefix });
  const changeOpen = (next: boolean) => {
    if (next) form.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent size={size}>
        <FormProvider {...form}>
          <form noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} className="flex min-h-0 flex-col">
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
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
