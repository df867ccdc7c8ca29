import { FilePlus2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { UserApplicationFields } from '@/features/admin-applications/components/UserApplicationFields';
import { useUserOptions } from '@/features/admin-applications/user-options';
import { useFailureToast } from '@/features/dashboard/server-message';
import { useFieldValues } from '@/hooks/use-field-values';
import { parseApiError } from '@/lib/api-client';
import { useRequestDocument } from '../api';
import { DueDatePicker } from './DueDatePicker';

/** dueDate: YYYY-MM-DD or ''. */
const EMPTY = { userId: '', applicationId: '', name: '', description: '', dueDate: '' };

/** Spec §2 admin Documents, §5 Admin document request. */
export function RequestDocumentDialog() {
  const { t } = useTranslation('documents');
  const failureToast = useFailureToast();
  const [open, setOpen] = useState(false);
  const form = useFieldValues(EMPTY);
  const { values, errors, set } = form;
  const users = useUserOptions(open);
  const requestDocument = useRequestDocument();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      requestDocument.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.userId || !values.name.trim()) {
      toast({
        title: t('request.toast.incomplete.title'),
        description: t('request.toast.incomplete.text'),
        variant: 'destructive',
      });
      return;
    }
    requestDocument.mutate(
      {
        userId: parseInt(values.userId, 10),
        applicationId: values.applicationId ? parseInt(values.applicationId, 10) : null,
        name: values.name.trim(),
        description: values.description.trim(),
        dueDate: values.dueDate || null,
      },
      {
        onSuccess: (created) => {
          toast({
            title: t('request.toast.requested'),
            description: t('request.toast.requestedText', { name: created.name, user: users.find(values.userId)?.name ?? '' }),
          });
          onOpenChange(false);
        },
        onError: (error) => {
          form.setServerErrors(parseApiError(error).fields);
          failureToast(t('request.toast.requestError'), error);
        },
      },
    );
  };

  return (
    <FormDialog
      ns="documents"
      keyPrefix="request"
      size="md"
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      pending={requestDocument.isPending}
      trigger={
        <Button className="self-start">
          <FilePlus2 className="h-4 w-4" aria-hidden="true" />
          {t('request.open')}
        </Button>
      }
    >
      <UserApplicationFields idPrefix="document-request" ns="documents" keyPrefix="request" users={users} form={form} />
      <FormField id="document-request-name" label={t('request.name')} error={errors.name}>
        <Input
          id="document-request-name"
          value={values.name}
          maxLength={200}
          aria-required="true"
          placeholder={t('request.namePlaceholder')}
          onChange={(e) => set('name', e.target.value)}
          {...invalidProps('document-request-name', errors.name)}
        />
      </FormField>
      <FormField id="document-request-description" label={t('request.descriptionLabel')} error={errors.description}>
        <Textarea
          id="document-request-description"
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          {...invalidProps('document-request-description', errors.description)}
        />
      </FormField>
      <FormField id="document-request-due" label={t('request.dueDate')} error={errors.dueDate}>
        <DueDatePicker id="document-request-due" value={values.dueDate} onChange={(value) => set('dueDate', value)} />
      </FormField>
    </FormDialog>
  );
}
