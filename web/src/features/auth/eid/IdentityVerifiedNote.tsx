import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';
import { getJson } from '@/lib/query-client';
import type { Profile } from '@/types/api';

const URL = '/api/profile';

/**
 * Issue 34: "Verified with Smart-ID on <date>" on the profile when the applicant's name, ID code and date of birth
 * came from an eID certificate at registration. The query key is the URL: the profile tab's own answer is shared.
 */
export function IdentityVerifiedNote() {
  const { t, i18n } = useTranslation('eid');
  const { data } = useQuery({ queryKey: [URL], queryFn: ({ signal }) => getJson<Profile>(URL, signal) });
  if (!data?.eidVerifiedMethod || !data.eidVerifiedAt) return null;
  return (
    <p className="flex items-center gap-2 rounded-lg border border-success-200 bg-success-50 p-3 text-sm text-slate-800">
      <BadgeCheck className="h-5 w-5 shrink-0 text-success-600" aria-hidden="true" />
      {t('profile.verified', {
        method: t(`methods.${data.eidVerifiedMethod}`),
        date: formatDate(data.eidVerifiedAt, i18n.language),
      })}
    </p>
  );
}
