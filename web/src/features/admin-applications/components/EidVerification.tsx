import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DescriptionItem } from '@/components/ui/description-list';
import { formatDate } from '@/lib/dates';
import type { ApplicationListItem } from '@/types/api';

type Verification = ApplicationListItem['eidVerification'];

/**
 * Issue 34: whether the applicant's name, ID code and date of birth came from an eID certificate at registration,
 * with which method and on which day (Europe/Tallinn), or were typed in by hand.
 */
export function EidVerificationItem({ verification }: { verification: Verification }) {
  const { t, i18n } = useTranslation('eid');
  return (
    <DescriptionItem label={t('admin.label')} muted={!verification}>
      {verification ? (
        <span className="inline-flex items-center gap-1.5" data-testid="eid-verification">
          <BadgeCheck className="h-4 w-4 shrink-0 text-success-600" aria-hidden="true" />
          {t('profile.verified', {
            method: t(`methods.${verification.method}`),
            date: formatDate(verification.verifiedAt, i18n.language),
          })}
        </span>
      ) : (
        <span data-testid="eid-verification">{t('admin.notVerified')}</span>
      )}
    </DescriptionItem>
  );
}

/** The list's mark beside a verified applicant's name: short, with the method and date for screen readers. */
export function EidVerifiedMark({ verification }: { verification: Verification }) {
  const { t, i18n } = useTranslation('eid');
  if (!verification) return null;
  const full = t('profile.verified', {
    method: t(`methods.${verification.method}`),
    date: formatDate(verification.verifiedAt, i18n.language),
  });
  return (
    <span className="inline-flex items-center gap-1 text-sm text-success-700" title={full} data-testid="eid-verified-mark">
      <BadgeCheck className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span aria-hidden="true">{t('admin.mark')}</span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
