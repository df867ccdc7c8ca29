import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { todayInTallinn, toIsoDate } from '@/lib/dates';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useCreateContract, type CreateContractInput } from '../api/create-contract';

const INCOMPLETE = 'create.toast.incomplete.text';

/** Spec §5 admin contract creation: user, title and content required; the expiry date optional. */
const schema = z
  .object({
    userId: z.string().min(1, INCOMPLETE),
    applicationId: z.string(),
    title: z.string().trim().min(1, INCOMPLETE),
    // Sent as typed: line breaks and indentation are the contract's layout.
    content: z.string().refine((content) => content.trim() !== '', INCOMPLETE),
    expiresAt: z.string(),
  })
  .transform(
    ({ userId, applicationId, title, content, expiresAt }): CreateContractInput => ({
      userId: Number(userId),
      applicationId: applicationId ? Number(applicationId) : null,
      title,
      content,
      ...(expiresAt ? { expiresAt } : {}),
    }),
  );

type Values = z.input<typeof schema>;
const DEFAULTS: Values = { userId: '', applicationId: '', title: '', content: '', expiresAt: '' };
const SERVER_FIELDS = Object.keys(DEFAULTS) as (keyof Values)[];

/** Spec §2 admin Contracts: user (auto-selecting their application), title, content, optional expiry. */
export function CreateContractDialog() {
  const { t } = useTranslation('contracts');
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, CreateContractInput>({ resolver: zodResolver(schema), defaultValues: DEFAULTS });
  const errors = form.formState.errors;
  const users = useUserOptions(open);
  const create = useCreateContract();
  const failureToast = useFailureToast();

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
        failureToast(t('create.toast.failed'), error);
      },
    });

  const onInvalid = () =>
    toast({ title: t('create.toast.incomplete.title'), description: t('create.toast.incomplete.text'), variant: 'destructive' });

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
      <UserApplicationFields idPrefix="contract" ns="contracts" keyPrefix="create" users={users} />
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
      <FormField id="contract-expires" label={t('create.expiresAt')} error={expiresError}>
        <Input
          id="contract-expires"
          type="date"
          className="sm:max-w-[220px]"
          min={toIsoDate(todayInTallinn())}
          {...form.register('expiresAt')}
          {...invalidProps('contract-expires', expiresError)}
        />
      </FormField>
    </FormDialog>
  );
}
