import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { FieldError, invalidProps, useValidationText } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/hooks/use-server-message';
import { errorCodeKey } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { validateEstonianId } from '@/lib/estonian-id';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { cn } from '@/lib/utils';
import type { Profile } from '@/types/api';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

type EditableField = 'city' | 'idCode' | 'address';

const EDITABLE: { name: EditableField; autoComplete: string; inputMode?: 'numeric' }[] = [
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'idCode', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'address', autoComplete: 'street-address' },
];

const BIRTH_DATE_CHANGED = errorCodeKey('id_code_birth_date_changed');

/** The code's problem: a rule of spec §5 it breaks, or (issue 13) a birth date other than the account's. */
function changedIdCodeError(idCode: string, birthDate: string | null): string | null {
  const result = validateEstonianId(idCode);
  if (result.error) return errorCodeKey(result.error);
  return birthDate && result.birthDate !== birthDate ? BIRTH_DATE_CHANGED : null;
}

/**
 * Spec §5 profile edit: a changed ID code is checked before sending and its field names the rule it
 * breaks (an unchanged one is left alone); it must carry the same birth date (issue 13); an empty ID code
 * or address is sent as null.
 */
function profileSchema(profile: Profile | undefined) {
  const savedIdCode = profile?.idCode ?? '';
  const birthDate = profile?.dateOfBirth ?? validateEstonianId(savedIdCode).birthDate;
  return z
    .object({
      city: z.string().trim(),
      idCode: z
        .string()
        .trim()
        .superRefine((idCode, context) => {
          const error = idCode === savedIdCode ? null : changedIdCodeError(idCode, birthDate);
          if (error) context.addIssue({ code: 'custom', message: error });
        }),
      address: z.string().trim(),
    })
    .transform(({ city, idCode, address }) => ({ city, idCode: idCode || null, address: address || null }));
}

type Draft = z.input<ReturnType<typeof profileSchema>>;
type Edited = z.output<ReturnType<typeof profileSchema>>;
const EDITABLE_NAMES = EDITABLE.map(({ name }) => name);

function draftOf(profile: Profile): Draft {
  return { city: profile.city ?? '', idCode: profile.idCode ?? '', address: profile.address ?? '' };
}

/** The Profile tab (spec §2, §5): read-only details; only city, ID code and address can be edited. */
export function ProfileTab() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: profile, isPending, isError } = useProfile();
  const update = useUpdateProfile();
  const serverMessage = useServerMessage();
  const validationText = useValidationText();
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Draft, unknown, Edited>({ resolver: zodResolver(profileSchema(profile)) });

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('profile.loading')} />
      </div>
    );
  }
  if (isError || !profile) {
    return (
      <Card>
        <EmptyState icon={UserRound}>{t('profile.notFound')}</EmptyState>
      </Card>
    );
  }

  const notProvided = t('profile.notProvided');
  const startEditing = () => {
    reset(draftOf(profile));
    setEditing(true);
  };
  const cancel = () => setEditing(false);

  // A valid code with another birth date is not helped by the format hint; its own text says what is wrong.
  const onInvalid = (invalid: FieldErrors<Draft>) =>
    toast({
      title: t('profile.toast.invalidIdCode.title'),
      description:
        invalid.idCode?.message === BIRTH_DATE_CHANGED
          ? validationText(BIRTH_DATE_CHANGED)
          : t('profile.toast.invalidIdCode.description'),
      variant: 'destructive',
    });

  const onSubmit = (edited: Edited) =>
    update.mutate(
      { ...profile, ...edited },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: t('profile.toast.updated.title'), description: t('profile.toast.updated.description') });
        },
        onError: (error) => {
          applyServerFieldErrors(error, EDITABLE_NAMES, setError);
          toast({
            title: t('profile.toast.failed.title'),
            description: serverMessage(error) ?? t('profile.toast.failed.description'),
            variant: 'destructive',
          });
        },
      },
    );

  const readOnly = (name: EditableField) => {
    const value = profile[name];
    return (
      <DescriptionItem key={name} label={t(`profile.fields.${name}`)} muted={!value}>
        {value || notProvided}
      </DescriptionItem>
    );
  };

  const editable = ({ name, autoComplete, inputMode }: (typeof EDITABLE)[number]) => {
    const id = `profile-${name}`;
    return (
      <div key={name} className={cn('flex min-w-0 flex-col gap-1.5', name === 'address' && 'sm:col-span-2')}>
        <dt>
          <Label htmlFor={id}>{t(`profile.fields.${name}`)}</Label>
        </dt>
        <dd className="flex flex-col gap-1.5">
          <Input
            id={id}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={name === 'idCode' ? 11 : undefined}
            {...register(name)}
            {...invalidProps(id, errors[name]?.message)}
          />
          <FieldError id={id} message={errors[name]?.message} />
        </dd>
      </div>
    );
  };

  // Read-only in both modes, in the spec's order: full name, email, phone, (city), date of birth, ...
  const fullName = <DescriptionItem label={t('profile.fields.fullName')}>{profile.fullName}</DescriptionItem>;
  const email = <DescriptionItem label={t('profile.fields.email')}>{profile.email}</DescriptionItem>;
  const phone = <DescriptionItem label={t('profile.fields.phone')}>{profile.phone}</DescriptionItem>;
  const dateOfBirth = (
    <DescriptionItem label={t('profile.fields.dateOfBirth')} muted={!profile.dateOfBirth}>
      {profile.dateOfBirth ? formatDate(profile.dateOfBirth, i18n.language) : notProvided}
    </DescriptionItem>
  );

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} aria-label={t('profile.title')}>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>{t('profile.title')}</CardTitle>
            <CardDescription>{t('profile.description')}</CardDescription>
          </div>
          {!editing && (
            <Button variant="secondary" onClick={startEditing}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {t('profile.edit')}
            </Button>
          )}
        </CardHeader>
        <CardContent className="pb-6">
          {editing ? (
            <div className="flex flex-col gap-6">
              <DescriptionList>
                {fullName}
                {email}
                {phone}
                {dateOfBirth}
              </DescriptionList>
              <dl className="grid gap-x-8 gap-y-5 border-t border-slate-100 pt-6 sm:grid-cols-2">
                {EDITABLE.map(editable)}
              </dl>
            </div>
          ) : (
            <DescriptionList>
              {fullName}
              {email}
              {phone}
              {readOnly('city')}
              {dateOfBirth}
              {readOnly('idCode')}
              {readOnly('address')}
            </DescriptionList>
          )}
        </CardContent>
        {editing && (
          <CardFooter className="flex-col-reverse items-stretch justify-end border-t border-slate-100 pt-6 sm:flex-row sm:items-center">
            <Button variant="secondary" onClick={cancel} disabled={update.isPending}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('profile.saving') : t('profile.save')}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}
