import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApplicantCombobox, type ApplicantChoice } from '@/components/applications/ApplicantCombobox';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { isDateFieldValue } from '@/components/ui/date-text';
import { FormDialog, serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { INCOMPLETE, useIncompleteToast } from '@/hooks/use-incomplete-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { todayInTallinn } from '@/lib/dates';
import { parseApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useCreateContract, type CreateContractInput } from '../api/create-contract';

const INVALID_DATE = 'common:dateField.invalid.text';

/** The applicant a contract is for, with the application it is about. */
type Applicant = Pick<ApplicantChoice, 'userId' | 'applicationId'>;

/** Spec §5 admin contract creation: applicant, title and content required; the expiry date optional. */
const schema = z
  .object({
    applicant: z.custom<ApplicantChoice | null>().refine((choice) => choice !== null, INCOMPLETE),
    title: z.string().trim().min(1, INCOMPLETE),
    // Sent as typed: line breaks and indentation are the contract's layout.
    content: z.string().refine((content) => content.trim() !== '', INCOMPLETE),
    // Optional; a text that is not a date (the DateField's 'invalid') stops the form. A past day: the server's 422.
    expiresAt: z.string().refine(isDateFieldValue, INVALID_DATE),
  })
  .transform(
    ({ applicant, title, content, expiresAt }): CreateContractInput => ({
      userId: applicant?.userId ?? 0,
      applicationId: applicant?.applicationId ?? null,
      title,
      content,
      ...(expiresAt ? { expiresAt } : {}),
    }),
  );

type Values = z.input<typeof schema>;
const SERVER_FIELDS = ['title', 'content', 'expiresAt'] as const;
const APPLICANT_ID = 'contract-applicant';

interface Props {
  /**
   * The applicant the contract is for, when the dialog opens on their file (issue 17): the picker is left out.
   * Without it the admin searches for the applicant (name, e-mail or ID code) and picks one of their applications.
   */
  applicant?: Applicant;
}

/** Spec §2 admin Contracts: applicant and application, title, content, optional expiry. */
export function CreateContractDialog({ applicant }: Props) {
  const { t } = useTranslation('contracts');
  const [open, setOpen] = useState(false);
  const defaults: Values = { applicant: applicant ? { ...applicant, name: '' } : null, title: '', content: '', expiresAt: '' };
  const form = useForm<Values, unknown, CreateContractInput>({ resolver: zodResolver(schema), defaultValues: defaults });
  const errors = form.formState.errors;
  const create = useCreateContract();
  const failureToast = useFailureToast();
  const incompleteToast = useIncompleteToast();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) create.reset();
  };

  const onSubmit = (body: CreateContractInput) =>
    create.mutate(body, {
      onSuccess: (contract) => {
        toast({ title: t('create.toast.created'), description: contract.title });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, SERVER_FIELDS, form.setError);
        // A refused user or application is the picked applicant.
        const { fields } = parseApiError(error);
        const applicantError = fields.userId ?? fields.applicationId;
        if (applicantError) form.setError('applicant', { type: 'server', message: applicantError });
        failureToast(t('create.toast.failed'), error);
      },
    });

  const onInvalid = (invalid: FieldErrors<Values>) =>
    // Only the date is wrong: say so, rather than that a required field is empty.
    invalid.expiresAt && Object.keys(invalid).length === 1
      ? toast({ title: t('common:dateField.invalid.title'), description: t(INVALID_DATE), variant: 'destructive' })
      : incompleteToast();

  const titleError = serverFieldError(errors.title);
  const contentError = serverFieldError(errors.content);
  const expiresError = serverFieldError(errors.expiresAt);

  return (
    <FormDialog
      ns="contracts"
      keyPrefix="create"
      size="lg"
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      onInvalid={onInvalid}
      pending={create.isPending}
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('create.open')}
        </Button>
      }
    >
      {!applicant && (
        <Controller
          control={form.control}
          name="applicant"
          render={({ field, fieldState }) => {
            const error = serverFieldError(fieldState.error);
            return (
              <FormField id={APPLICANT_ID} label={t('create.applicant')} error={error}>
                <ApplicantCombobox
                  id={APPLICANT_ID}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  {...invalidProps(APPLICANT_ID, error)}
                />
              </FormField>
            );
          }}
        />
      )}
      <FormField id="contract-title" label={t('create.titleLabel')} error={titleError}>
        <Input
          id="contract-title"
          maxLength={200}
          aria-required="true"
          {...form.register('title')}
          {...invalidProps('contract-title', titleError)}
        />
      </FormField>
      <FormField id="contract-content" label={t('create.content')} error={contentError}>
        <Textarea
          id="contract-content"
          rows={10}
          aria-required="true"
          {...form.register('content')}
          {...invalidProps('contract-content', contentError)}
        />
      </FormField>
      <Controller
        control={form.control}
        name="expiresAt"
        render={({ field }) => (
          <FormField id="contract-expires" label={t('create.expiresAt')} error={expiresError}>
            <div className="sm:max-w-[260px]">
              <DateField
                id="contract-expires"
                min={todayInTallinn()}
                invalidValue="invalid"
                {...field}
                {...invalidProps('contract-expires', expiresError)}
              />
            </div>
          </FormField>
        )}
      />
    </FormDialog>
  );
}
