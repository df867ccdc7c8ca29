import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/dates';
import { passkeysSupported, useAddPasskey, useRefreshUser, useRemovePasskey, wasCancelled } from '../api/passkeys';
import { useSecondFactor, type SecondFactorState } from '../api/second-factor';
import { RecoveryCodesList } from './RecoveryCodesList';

type Passkey = SecondFactorState['passkeys'][number];

/**
 * The account's passkeys as a second factor (issue 15), on the enrolment page and in the profile: the list,
 * adding one (navigator.credentials.create) and removing one. The first second factor of an account comes
 * with ten recovery codes; they are shown here, and only once they are put away is the user read again
 * (which may move an admin on from the enrolment page).
 */
export function PasskeysCard() {
  const { t } = useTranslation('passkeys');
  const { user } = useUser();
  const state = useSecondFactor();
  const refreshUser = useRefreshUser();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const codesSaved = () => {
    setRecoveryCodes(null);
    void refreshUser();
  };

  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-col gap-1">
        <h2 id="passkeys-title" className="text-lg font-semibold text-slate-900">
          {t('card.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('card.description')}</p>
      </div>
      {recoveryCodes && user ? (
        <div className="flex flex-col gap-3">
          <RecoveryCodesList codes={recoveryCodes} username={user.username} />
          <Button type="button" className="self-start" onClick={codesSaved}>
            {t('card.codesSaved')}
          </Button>
        </div>
      ) : (
        <>
          {state.data && <PasskeyList state={state.data} />}
          {passkeysSupported() ? (
            <AddPasskeyForm onRecoveryCodes={setRecoveryCodes} onAdded={() => void refreshUser()} />
          ) : (
            <p className="text-sm text-slate-700">{t('card.unsupported')}</p>
          )}
        </>
      )}
    </section>
  );
}

function PasskeyList({ state }: { state: SecondFactorState }) {
  const { t } = useTranslation('passkeys');
  const { passkeys } = state;
  if (passkeys.length === 0) return <p className="text-sm text-slate-700">{t('card.none')}</p>;
  // An admin keeps at least one second factor: the only passkey goes only when an authenticator app stays.
  const keepsLast = state.required && !state.totp && passkeys.length === 1;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={t('card.listLabel')} className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} removable={!keepsLast} />
        ))}
      </ul>
      {keepsLast && <p className="text-sm text-slate-600">{t('card.lastRequired')}</p>}
    </div>
  );
}

function PasskeyRow({ passkey, removable }: { passkey: Passkey; removable: boolean }) {
  const { t, i18n } = useTranslation('passkeys');
  const errorText = useErrorText();
  const remove = useRemovePasskey();
  const name = passkey.name || t('card.unnamed');
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => toast({ title: t('card.removed', { name }) }),
      onError: (error) => toast({ title: t('card.removeFailed'), description: errorText(error), variant: 'destructive' }),
    });
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col">
        <span className="font-medium text-slate-900">{name}</span>
        <span className="text-sm text-slate-600">
          {t('card.added', { date: formatDateTime(passkey.createdAt, i18n.language) })}
          {' · '}
          {passkey.lastUsedAt ? t('card.lastUsed', { date: formatDateTime(passkey.lastUsedAt, i18n.language) }) : t('card.neverUsed')}
        </span>
      </div>
      {removable && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto"
          disabled={remove.isPending}
          aria-label={t('card.removeLabel', { name })}
          onClick={onRemove}
        >
          {t('card.remove')}
        </Button>
      )}
    </li>
  );
}

function AddPasskeyForm({ onRecoveryCodes, onAdded }: { onRecoveryCodes: (codes: string[]) => void; onAdded: () => void }) {
  const { t } = useTranslation('passkeys');
  const errorText = useErrorText();
  const add = useAddPasskey();
  const [name, setName] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: (created) => {
        setName('');
        toast({ title: t('card.addedToast') });
        if (created.recoveryCodes) onRecoveryCodes(created.recoveryCodes);
        else onAdded();
      },
      onError: (error) =>
        wasCancelled(error)
          ? toast({ title: t('card.cancelled') })
          : toast({ title: t('card.addFailed'), description: errorText(error), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate aria-label={t('card.addTitle')} onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="passkey-name" label={t('card.nameLabel')}>
          <Input
            id="passkey-name"
            value={name}
            maxLength={100}
            placeholder={t('card.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t('card.adding') : t('card.add')}
      </Button>
    </form>
  );
}
