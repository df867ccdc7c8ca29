import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
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
import { parseApiError } from '@/lib/api-client';
import { todayInTallinn, toIsoDate } from '@/lib/dates';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useRequestDocument, type RequestDocumentInput } from '../api/request-document';

const INVALID_DATE = 'common:dateField.invalid.text';
const PAST_DUE_DATE = 'request.toast.pastDueDate';

/**
 * Spec §5 admin document request: the applicant (with the application the request is about) and the name
 * are required; description and due date optional; no due date is sent as null.
 */
const schema = z
  .object({
    applicant: z.custom<ApplicantChoice | null>().refine((choice) => choice !== null, INCOMPLETE),
    name: z.string().trim().min(1, INCOMPLETE),
    description: z.string().trim(),
    /** YYYY-MM-DD or ''; a text that is not a date is the DateField's 'invalid'. Never before today (Tallinn's). */
    dueDate: z
      .string()
      .refine(isDateFieldValue, INVALID_DATE)
      .refine((day) => !isDateFieldValue(day) || day === '' || day >= toIsoDate(todayInTallinn()), PAST_DUE_DATE),
  })
  .transform(
    ({ applicant, name, description, dueDate }): RequestDocumentInput => ({
      userId: applicant?.userId ?? null,
      applicationId: applicant?.applicationId ?? null,
      name,
      description,
      dueDate: dueDate || null,
    }),
  );

type Values = z.input<typeof schema>;
const SERVER_FIELDS = ['name', 'description', 'dueDate'] as const;
const APPLICANT_ID = 'document-request-applicant';

interface Props {
  /**
   * The applicant the request is for, when the dialog opens on their file (issue 17): the picker is left
   * out. Without it the admin searches for the applicant.
   */
  applicant?: ApplicantChoice;
}

/** Spec §2 admin Documents, §5 Admin document request, with issue 17's searching applicant picker. */
export function RequestDocumentDialog({ applicant }: Props) {
  const { t } = useTranslation('documents');
  const failureToast = useFailureToast();
  const incompleteToast = useIncompleteToast();
  const [open, setOpen] = useState(false);
  const defaults: Values = { applicant: applicant ?? null, name: '', description: '', dueDate: '' };
  const form = useForm<Values, unknown, RequestDocumentInput>({ resolver: zodResolver(schema), defaultValues: defaults });
  const errors = form.formState.errors;
  const requestDocument = useRequestDocument();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestDocument.reset();
  };

  const onSubmit = (body: RequestDocumentInput) => {
    const chosen = form.getValues('applicant');
    requestDocument.mutate(body, {
      onSuccess: (created) => {
        // Without a name to give (an applicant known only by number) the sentence leaves the person out.
        const user = chosen?.name.trim();
        toast({
          title: t('request.toast.requested'),
          description: user
            ? t('request.toast.requestedText', { name: created.name, user })
            : t('request.toast.requestedTextNoName', { name: created.name }),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, SERVER_FIELDS, form.setError);
        // The user or the application refused: both are the picked applicant.
        const { fields } = parseApiError(error);
        const applicantError = fields.userId ?? fields.applicationId;
        if (applicantError) form.setError('applicant', { type: 'server', message: applicantError });
        failureToast(t('request.toast.requestError'), error);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<Values>) =>
    // Only the date is wrong: say so, rather than that a required field is empty.
    invalid.dueDate && Object.keys(invalid).length === 1
      ? toast({ title: t('common:dateField.invalid.title'), description: t(invalid.dueDate.message ?? INVALID_DATE), variant: 'destructive' })
      : incompleteToast();

  const nameError = serverFieldError(errors.name);
  const descriptionError = serverFieldError(errors.description);

  return (
    <FormDialog
      ns="documents"
      keyPrefix="request"
      size="md"
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      onInvalid={onInvalid}
      pending={requestDocument.isPending}
      trigger={
        <Button className="self-start">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />
          {t('request.open')}
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
              <FormField id={APPLICANT_ID} label={t('request.applicant')} error={error}>
                <ApplicantCombobox
                  id={APPLICANT_ID}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  placeholder={t('request.applicantPlaceholder')}
                  {...invalidProps(APPLICANT_ID, error)}
                />
              </FormField>
            );
          }}
        />
      )}
      <FormField id="document-request-name" label={t('request.name')} error={nameError}>
        <Input
          id="document-request-name"
          maxLength={200}
          aria-required="true"
          placeholder={t('request.namePlaceholder')}
          {...form.register('name')}
          {...invalidProps('document-request-name', nameError)}
        />
      </FormField>
      <FormField id="document-request-description" label={t('request.descriptionLabel')} error={descriptionError}>
        <Textarea
          id="document-request-description"
          rows={3}
          maxLength={2000}
          {...form.register('description')}
          {...invalidProps('document-request-description', descriptionError)}
        />
      </FormField>
      <Controller
        control={form.control}
        name="dueDate"
        render={({ field, fieldState }) => (
          <FormField id="document-request-due" label={t('request.dueDate')} error={serverFieldError(fieldState.error)}>
            {/* Spec §2: a single-date calendar with the placeholder 'Select date'; days before today cannot be picked. */}
            <div className="sm:max-w-[260px]">
              <DateField
                id="document-request-due"
                min={todayInTallinn()}
                invalidValue="invalid"
                labels={{ placeholder: t('request.datePlaceholder') }}
                {...field}
              />
            </div>
          </FormField>
        )}
      />
    </FormDialog>
  );
}
