import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { createClient, useComplianceMutation, type ClientInput } from '../api/compliance';
import { Field } from './fields';
import { DateField } from '@/components/ui/date-field';
import { fieldProps, useFieldErrors } from './field-helpers';
import { SimpleFormDialog } from './SimpleFormDialog';

const EMPTY = { kind: 'company', name: '', registryCode: '', country: '', address: '', purpose: '', sourceOfFunds: '', dateOfBirth: '' };

/** Issue 35: a new client case (a draft), with its first risk assessment. */
export function NewClientDialog({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation('compliance');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const create = useComplianceMutation(createClient);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(create.error);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = () => {
    const body: ClientInput = {
      kind: values.kind as ClientInput['kind'],
      name: values.name,
      registryCode: values.registryCode || null,
      country: values.country,
      address: values.address,
      purpose: values.purpose,
      sourceOfFunds: values.sourceOfFunds,
      dateOfBirth: values.dateOfBirth || null,
      ownershipLayers: 1,
    };
    create.mutate(body, {
      onSuccess: (client) => {
        toast({ title: t('newClient.done'), description: client.name });
        setOpen(false);
        setValues(EMPTY);
        onCreated(client.id);
      },
      onError: (failure) => failureToast(t('newClient.failed'), failure),
    });
  };

  return (
    <SimpleFormDialog
      keyPrefix="newClient"
      open={open}
      onOpenChange={(next) => {
        if (next) create.reset();
        setOpen(next);
      }}
      onSubmit={submit}
      pending={create.isPending}
      trigger={
        <Button className="self-start">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('newClient.open')}
        </Button>
      }
    >
      <Field id="client-kind" label={t('fields.kind')} error={errors.kind}>
        <select {...fieldProps('client-kind', errors.kind)} value={values.kind} onChange={set('kind')}>
          <option value="company">{t('kind.company')}</option>
          <option value="person">{t('kind.person')}</option>
        </select>
      </Field>
      <Field id="client-name" label={t('fields.name')} error={errors.name}>
        <input {...fieldProps('client-name', errors.name)} value={values.name} onChange={set('name')} maxLength={200} />
      </Field>
      {values.kind === 'company' ? (
        <Field id="client-registry-code" label={t('fields.registryCode')} error={errors.registryCode}>
          <input {...fieldProps('client-registry-code', errors.registryCode)} value={values.registryCode} onChange={set('registryCode')} />
        </Field>
      ) : (
        <Field id="client-birth" label={t('fields.dateOfBirth')} error={errors.dateOfBirth}>
          <DateField {...fieldProps('client-birth', errors.dateOfBirth)} value={values.dateOfBirth} fromYear={1900}
          onChange={(isoDate) => set('dateOfBirth')({ target: { value: isoDate } })} />
        </Field>
      )}
      <Field id="client-country" label={t('fields.country')} error={errors.country}>
        <input {...fieldProps('client-country', errors.country)} value={values.country} onChange={set('country')} maxLength={2} autoCapitalize="characters" />
      </Field>
      <Field id="client-address" label={t('fields.address')} error={errors.address}>
        <input {...fieldProps('client-address', errors.address)} value={values.address} onChange={set('address')} />
      </Field>
      <Field id="client-purpose" label={t('fields.purpose')} error={errors.purpose}>
        <Textarea id="client-purpose" value={values.purpose} onChange={set('purpose')} aria-invalid={errors.purpose ? true : undefined} />
      </Field>
      <Field id="client-funds" label={t('fields.sourceOfFunds')} error={errors.sourceOfFunds}>
        <Textarea id="client-funds" value={values.sourceOfFunds} onChange={set('sourceOfFunds')} aria-invalid={errors.sourceOfFunds ? true : undefined} />
      </Field>
    </SimpleFormDialog>
  );
}
