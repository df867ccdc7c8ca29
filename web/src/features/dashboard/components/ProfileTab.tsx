import { Pencil, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { parseApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useProfile, useUpdateProfile } from '../api/queries';
import { isIdCodeFormatValid } from '../profile-rules';
import { useServerMessage } from '../server-message';
import type { Profile } from '../types';

type EditableField = 'city' | 'idCode' | 'address';
type Draft = Record<EditableField, string>;

const EDITABLE: { name: EditableField; autoComplete: string; inputMode?: 'numeric' }[] = [
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'idCode', autoComplete: 'off', inputMode: 'numeric' },
  { name: 'address', autoComplete: 'street-address' },
];

function draftOf(profile: Profile): Draft {
  return { city: profile.city ?? '', idCode: profile.idCode ?? '', address: profile.address ?? '' };
}

/** The Profile tab (spec §2, §5): read-only details; only city, ID code and address can be edited. */
export function ProfileTab() {
  const { t, i18n } = useTranslation('dashboard');
  const { data: profile, isPending, isError } = useProfile();
  const update = useUpdateProfile();
  const serverMessage = useServerMessage();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<EditableField, string>>>({});

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

  const editing = draft !== null;
  const notProvided = t('profile.notProvided');
  const startEditing = () => {
    setFieldErrors({});
    setDraft(draftOf(profile));
  };
  const cancel = () => {
    setFieldErrors({});
    setDraft(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const idCode = draft.idCode.trim();
    if (idCode !== (profile.idCode ?? '') && !isIdCodeFormatValid(idCode)) {
      toast({
        title: t('profile.toast.invalidIdCode.title'),
        description: t('profile.toast.invalidIdCode.description'),
        variant: 'destructive',
      });
      return;
    }
    setFieldErrors({});
    update.mutate(
      { ...profile, city: draft.city.trim(), idCode: idCode || null, address: draft.address.trim() || null },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: t('profile.toast.updated.title'), description: t('profile.toast.updated.description') });
        },
        onError: (error) => {
          const { fields } = parseApiError(error);
          setFieldErrors({ city: fields.city, idCode: fields.idCode, address: fields.address });
          toast({
            title: t('profile.toast.failed.title'),
            description: serverMessage(error) ?? t('profile.toast.failed.description'),
            variant: 'destructive',
          });
        },
      },
    );
  };

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
          value={draft?.[name] ?? ''}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={name === 'idCode' ? 11 : undefined}
          onChange={(event) => setDraft((current) => current && { ...current, [name]: event.target.value })}
            {...invalidProps(id, fieldErrors[name])}
          />
          <FieldError id={id} message={fieldErrors[name]} />
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
      <form noValidate onSubmit={onSubmit} aria-label={t('profile.title')}>
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
