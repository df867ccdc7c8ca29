import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { addPerson, useComplianceMutation, type PersonInput } from '../api/compliance';
import { Field } from './fields';
import { DateField } from '@/components/ui/date-field';
import { fieldProps, useFieldErrors } from './field-helpers';
import { SimpleFormDialog } from './SimpleFormDialog';

const EMPTY = { role: 'beneficial_owner', fullName: '', dateOfBirth: '', nationality: '', countryOfResidence: '', ownershipPercent: '', pep: false, pepDetails: '' };

/** Issue 35: a beneficial owner, representative or director of a draft case. */
export function AddPersonDialog({ clientId }: { clientId: number }) {
  const { t } = useTranslation('compliance');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const add = useComplianceMutation(addPerson);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(add.error);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = () => {
    const body: PersonInput = {
      role: values.role as PersonInput['role'],
      fullName: values.fullName,
      dateOfBirth: values.dateOfBirth,
      nationality: values.nationality,
      countryOfResidence: values.countryOfResidence,
      ownershipPercent: values.ownershipPercent === '' ? null : Number(values.ownershipPercent),
      control: false,
      pep: values.pep,
      pepDetails: values.pepDetails || null,
    };
    add.mutate(
      { clientId, body },
      {
        onSuccess: (person) => {
          toast({ title: t('addPerson.done'), description: person.fullName });
          setOpen(false);
          setValues(EMPTY);
        },
        onError: (failure) => failureToast(t('addPerson.failed'), failure),
      },
    );
  };

  return (
    <SimpleFormDialog
      keyPrefix="addPerson"
      open={open}
      onOpenChange={(next) => {
        if (next) add.reset();
        setOpen(next);
      }}
      onSubmit={submit}
      pending={add.isPending}
      trigger={
        <Button size="sm" variant="secondary">
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {t('addPerson.open')}
        </Button>
      }
    >
      <Field id="person-role" label={t('fields.role')} error={errors.role}>
        <select {...fieldProps('person-role', errors.role)} value={values.role} onChange={set('role')}>
          {(['beneficial_owner', 'representative', 'director'] as const).map((role) => (
            <option key={role} value={role}>
              {t(`role.${role}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="person-name" label={t('fields.fullName')} error={errors.fullName}>
        <input {...fieldProps('person-name', errors.fullName)} value={values.fullName} onChange={set('fullName')} />
      </Field>
      <Field id="person-birth" label={t('fields.dateOfBirth')} error={errors.dateOfBirth}>
        <DateField {...fieldProps('person-birth', errors.dateOfBirth)} value={values.dateOfBirth} fromYear={1900}
          onChange={(isoDate) => set('dateOfBirth')({ target: { value: isoDate } })} />
      </Field>
      <Field id="person-nationality" label={t('fields.nationality')} error={errors.nationality}>
        <input {...fieldProps('person-nationality', errors.nationality)} value={values.nationality} onChange={set('nationality')} maxLength={2} />
      </Field>
      <Field id="person-residence" label={t('fields.countryOfResidence')} error={errors.countryOfResidence}>
        <input {...fieldProps('person-residence', errors.countryOfResidence)} value={values.countryOfResidence} onChange={set('countryOfResidence')} maxLength={2} />
      </Field>
      <Field id="person-ownership" label={t('fields.ownershipPercent')} error={errors.ownershipPercent}>
        <input type="number" min={0} max={100} {...fieldProps('person-ownership', errors.ownershipPercent)} value={values.ownershipPercent} onChange={set('ownershipPercent')} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.pep} onChange={(event) => setValues((current) => ({ ...current, pep: event.target.checked }))} />
        {t('fields.pep')}
      </label>
      {values.pep && (
        <Field id="person-pep-details" label={t('fields.pepDetails')} error={errors.pepDetails}>
          <input {...fieldProps('person-pep-details', errors.pepDetails)} value={values.pepDetails} onChange={set('pepDetails')} />
        </Field>
      )}
    </SimpleFormDialog>
  );
}
