import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog, serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { DateField } from '@/components/ui/date-field';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { ApiError, parseApiError } from '@/lib/api-client';
import { todayInTallinn, toIsoDate } from '@/lib/dates';

const schema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
type Values = z.infer<typeof schema>;

/**
 * A dialog asking for one date (a run's pay date, the bank's execution date), today in Tallinn at first. A 422
 * about the date (not a banking day, in the past) shows under the field, in the admin's language.
 */
export function DateFormDialog({
  keyPrefix,
  field,
  trigger,
  onSubmit,
}: {
  /** payroll:`${keyPrefix}.` title, description, label, cancel, submit, submitting, failed, incomplete. */
  keyPrefix: string;
  /** The body's name of the date, where the server's field error comes back. */
  field: string;
  trigger: ReactNode;
  /** Sends the date; resolves when done. */
  onSubmit: (date: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('payroll', { keyPrefix });
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { date: toIsoDate(todayInTallinn()) } });
  const error = serverFieldError(form.formState.errors.date);
  const id = `payroll-${field}`;

  const submit = ({ date }: Values) => {
    setPending(true);
    onSubmit(date).then(
      () => {
        setPending(false);
        setOpen(false);
      },
      (failure: unknown) => {
        setPending(false);
        // The field's own text (a known code in the admin's language), else the answer's message for a 422.
        const fieldText = parseApiError(failure).fields[field];
        if (fieldText || (failure instanceof ApiError && failure.status === 422)) {
          form.setError('date', { type: 'server', message: fieldText ?? errorText(failure) }, { shouldFocus: true });
        }
        toast({ title: t('failed'), description: errorText(failure), variant: 'destructive' });
      },
    );
  };

  return (
    <FormDialog
      ns="payroll"
      keyPrefix={keyPrefix}
      size="sm"
      open={open}
      onOpenChange={setOpen}
      form={form}
      onSubmit={submit}
      onInvalid={() => toast({ title: t('incomplete'), variant: 'destructive' })}
      pending={pending}
      trigger={trigger}
    >
      <FormField id={id} label={t('label')} error={error}>
        <Controller
          control={form.control}
          name="date"
          render={({ field: date }) => (
            <DateField id={id} aria-required="true" min={todayInTallinn()} invalidValue="invalid" {...date} {...invalidProps(id, error)} />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
