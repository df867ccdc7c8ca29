import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { isDateFieldValue } from '@/components/ui/date-text';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useCreateCompany, type CreateCompanyInput } from '../api/create-company';

const schema = z
  .object({
    name: z.string().trim().min(2, 'companies.validation.name'),
    registrationCode: z.string().trim().regex(/^\d{8}$/, 'companies.validation.registrationCode'),
    // Optional; a text that is not a date (the DateField's 'invalid') is said under the field.
    registrationDate: z.string().refine(isDateFieldValue, 'common:dateField.invalid.text'),
  })
  .transform(
    ({ registrationDate, ...company }): CreateCompanyInput => ({ ...company, ...(registrationDate ? { registrationDate } : {}) }),
  );

type Values = z.input<typeof schema>;
const DEFAULTS: Values = { name: '', registrationCode: '', registrationDate: '' };
const SERVER_FIELDS = Object.keys(DEFAULTS) as (keyof Values)[];

/** Adds a shelf company (name, 8-digit registry code, optional registration date). */
export function AddCompanyDialog() {
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState(false);
  const create = useCreateCompany();
  const failureToast = useFailureToast();
  const form = useForm<Values, unknown, CreateCompanyInput>({ resolver: zodResolver(schema), defaultValues: DEFAULTS });
  const {
    register,
    formState: { errors },
  } = form;

  const message = (key: string | undefined) => (key === undefined ? undefined : t(key));

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) create.reset();
  };

  const onSubmit = (body: CreateCompanyInput) =>
    create.mutate(body, {
      onSuccess: (company) => {
        toast({ title: t('companies.toast.created'), description: company.name });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, SERVER_FIELDS, form.setError);
        failureToast(t('companies.toast.failed'), error);
      },
    });

  return (
    <FormDialog
      ns="applications"
      keyPrefix="companies.dialog"
      size="sm"
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      pending={create.isPending}
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('companies.add')}
        </Button>
      }
    >
      <FormField id="company-name" label={t('companies.dialog.name')} error={message(errors.name?.message)}>
        <Input id="company-name" {...register('name')} {...invalidProps('company-name', errors.name?.message)} />
      </FormField>
      <FormField
        id="company-code"
        label={t('companies.dialog.registrationCode')}
        error={message(errors.registrationCode?.message)}
      >
        <Input
          id="company-code"
          inputMode="numeric"
          maxLength={8}
          aria-describedby="company-code-hint"
          {...register('registrationCode')}
          {...invalidProps('company-code', errors.registrationCode?.message)}
        />
        <p id="company-code-hint" className="text-sm text-slate-500">
          {t('companies.dialog.registrationCodeHint')}
        </p>
      </FormField>
      <FormField
        id="company-date"
        label={t('companies.dialog.registrationDate')}
        error={message(errors.registrationDate?.message)}
      >
        <Controller
          control={form.control}
          name="registrationDate"
          render={({ field }) => (
            <DateField
              id="company-date"
              invalidValue="invalid"
              {...field}
              {...invalidProps('company-date', message(errors.registrationDate?.message))}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
