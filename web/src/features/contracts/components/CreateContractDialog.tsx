import { Plus } from 'lucide-react';
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
import { todayInTallinn, toIsoDate } from '@/lib/dates';
import { useCreateContract } from '../api';

const EMPTY = { userId: '', applicationId: '', title: '', content: '', expiresAt: '' };

/** Spec §2 admin Contracts: user (auto-selecting their application), title, content, optional expiry. */
export function CreateContractDialog() {
  const { t } = useTranslation('contracts');
  const [open, setOpen] = useState(false);
  const form = useFieldValues(EMPTY);
  const { values, errors, set } = form;
  const users = useUserOptions(open);
  const create = useCreateContract();
  const failureToast = useFailureToast();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      create.reset();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.userId || !values.title.trim() || !values.content.trim()) {
      toast({ title: t('create.toast.incomplete.title'), description: t('create.toast.incomplete.text'), variant: 'destructive' });
      return;
    }
    create.mutate(
      {
        userId: Number(values.userId),
        applicationId: values.applicationId ? Number(values.applicationId) : null,
        title: values.title.trim(),
        content: values.content,
        ...(values.expiresAt ? { expiresAt: values.expiresAt } : {}),
      },
      {
        onSuccess: (contract) => {
          toast({ title: t('create.toast.created'), description: contract.title });
          onOpenChange(false);
        },
        onError: (error) => {
          form.setServerErrors(parseApiError(error).fields);
          failureToast(t('create.toast.failed'), error);
        },
      },
    );
  };

  return (
    <FormDialog
      ns="contracts"
      keyPrefix="create"
      size="lg"
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={onSubmit}
      pending={create.isPending}
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('create.open')}
        </Button>
      }
    >
      <UserApplicationFields idPrefix="contract" ns="contracts" keyPrefix="create" users={users} form={form} />
      <FormField id="contract-title" label={t('create.titleLabel')} error={errors.title}>
        <Input
          id="contract-title"
          value={values.title}
          maxLength={200}
          aria-required="true"
          onChange={(e) => set('title', e.target.value)}
          {...invalidProps('contract-title', errors.title)}
        />
      </FormField>
      <FormField id="contract-content" label={t('create.content')} error={errors.content}>
        <Textarea
          id="contract-content"
          rows={10}
          value={values.content}
          aria-required="true"
          onChange={(e) => set('content', e.target.value)}
          {...invalidProps('contract-content', errors.content)}
        />
      </FormField>
      <FormField id="contract-expires" label={t('create.expiresAt')} error={errors.expiresAt}>
        <Input
          id="contract-expires"
          type="date"
          className="sm:max-w-[220px]"
          min={toIsoDate(todayInTallinn())}
          value={values.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
          {...invalidProps('contract-expires', errors.expiresAt)}
        />
      </FormField>
    </FormDialog>
  );
}
