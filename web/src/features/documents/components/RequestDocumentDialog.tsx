import { zodResolver } from '@hookform/resolvers/zod';
import { FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { UserApplicationFields } from '@/components/applications/UserApplicationFields';
import { Button } from '@/components/ui/button';
import { FormDialog, serverFieldError } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { useUserOptions } from '@/hooks/use-user-options';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useRequestDocument, type RequestDocumentInput } from '../api/request-document';
import { DueDatePicker } from './DueDatePicker';

const INCOMPLETE = 'request.toast.incomplete.text';

/**
 * Spec §5 admin document request: user and name required; description and due date optional; the ids
 * are sent as integers and no due date as null.
 */
const schema = z
  .object({
    userId: z.string().min(1, INCOMPLETE),
    applicationId: z.string(),
    name: z.string().trim().min(1, INCOMPLETE),
    description: z.string().trim(),
    /** YYYY-MM-DD or ''. */
    dueDate: z.string(),
  })
  .transform(
    ({ userId, applicationId, name, description, dueDate }): RequestDocumentInput => ({
      userId: parseInt(userId, 10),
      applicationId: applicationId ? parseInt(applicationId, 10) : null,
      name,
      description,
      dueDate: dueDate || null,
    }),
  );

type Values = z.input<typeof schema>;
const DEFAULTS: Values = { userId: '', applicationId: '', name: '', description: '', dueDate: '' };
const SERVER_FIELDS = Object.keys(DEFAULTS) as (keyof Values)[];

/** Spec §2 admin Documents, §5 Admin document request. */
export function RequestDocumentDialog() {
  const { t } = useTranslation('documents');
  const failureToast = useFailureToast();
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, RequestDocumentInput>({ resolver: zodResolver(schema), defaultValues: DEFAULTS });
  const errors = form.formState.errors;
  const users = useUserOptions(open);
  const requestDocument = useRequestDocument();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestDocument.reset();
  };

  const onSubmit = (body: RequestDocumentInput) =>
    requestDocument.mutate(body, {
      onSuccess: (created) => {
        toast({
          title: t('request.toast.requested'),
          description: t('request.toast.requestedText', { name: created.name, user: users.find(String(body.userId))?.name ?? '' }),
        });
        onOpenChange(false);
      },
      onError: (error) => {
        applyServerFieldErrors(error, SERVER_FIELDS, form.setError);
        failureToast(t('request.toast.requestError'), error);
      },
    });

  const onInvalid = () =>
    toast({
      title: t('request.toast.incomplete.title'),
      description: t('request.toast.incomplete.text'),
      variant: 'destructive',
    });

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
      <UserApplicationFields idPrefix="document-request" ns="documents" keyPrefix="request" users={users} />
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
            <DueDatePicker id="document-request-due" value={field.value} onChange={field.onChange} />
          </FormField>
        )}
      />
    </FormDialog>
  );
}
