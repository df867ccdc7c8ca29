import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { formatCalendarDate, parseIsoDate } from '@/lib/dates';
import type { EidIdentity } from './api';
import { EidPanel } from './EidPanel';
import type { VerifiedField } from './fields';

/** "Register with Smart-ID / Mobile-ID / ID-card" above the register form, or who the eID confirmed. */
export function EidRegistration({ verified, onVerified }: { verified: EidIdentity | null; onVerified: (person: EidIdentity) => void }) {
  const { t } = useTranslation('eid');
  if (!verified) return <EidPanel purpose="register" onDone={onVerified} />;
  return (
    <div role="status" className="flex flex-col gap-1 rounded-lg border border-success-200 bg-success-50 p-4 text-sm text-slate-800">
      <p className="flex items-center gap-2 font-semibold">
        <BadgeCheck className="h-5 w-5 shrink-0 text-success-600" aria-hidden="true" />
        {t('register.verified', { method: t(`methods.${verified.method}`) })}: {verified.fullName}
      </p>
      <p>{t('register.verifiedHint')}</p>
      <p>{t('register.passwordOptional')}</p>
    </div>
  );
}

/** A field the certificate filled: read-only, marked verified. */
export function VerifiedInput({ id, name, person }: { id: string; name: VerifiedField; person: EidIdentity }) {
  const { t, i18n } = useTranslation('eid');
  // The date as the register form's own date field writes it (dd.mm.yyyy in Estonian).
  const birthday = parseIsoDate(person.dateOfBirth);
  let date = person.dateOfBirth;
  if (birthday) {
    const { day, month, year } = birthday;
    date = i18n.language === 'en' ? formatCalendarDate(birthday, 'en') : `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
  }
  const value = name === 'dateOfBirth' ? date : person[name];
  return (
    <>
      <Input id={id} value={value} readOnly aria-readonly="true" aria-describedby={`${id}-verified`} className="bg-slate-50" />
      <span id={`${id}-verified`} className="flex items-center gap-1 text-xs text-success-700">
        <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
        {t('register.verified', { method: t(`methods.${person.method}`) })}
      </span>
    </>
  );
}
