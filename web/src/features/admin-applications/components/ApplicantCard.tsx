import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatusNotesText } from '@/components/ui/application-status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { formatDate } from '@/lib/dates';
import type { ApplicationDetail } from '@/types/api';
import { EidVerificationItem } from './EidVerification';

/**
 * Name, username, e-mail, phone, date of birth, ID code, city and address of the applicant, and whether an eID
 * verified their identity at registration (issue 34).
 */
export function ApplicantCard({ application }: { application: ApplicationDetail }) {
  const { t, i18n } = useTranslation('applications');
  const { user, profile } = application;
  const notesText = useStatusNotesText();
  const notProvided = t('notProvided');
  const item = (key: string, value: ReactNode | null | undefined) => (
    <DescriptionItem key={key} label={t(`detail.applicant.${key}`)} muted={!value}>
      {value || notProvided}
    </DescriptionItem>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRound className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('detail.applicant.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <DescriptionList>
          {item('fullName', user.fullName ?? profile.fullName)}
          {item('username', user.username)}
          {item('email', user.email ?? profile.email)}
          {item('phone', user.phone ?? profile.phone)}
          {item('dateOfBirth', profile.dateOfBirth ? formatDate(profile.dateOfBirth, i18n.language) : null)}
          {item('idCode', profile.idCode && <span className="tabular-nums">{profile.idCode}</span>)}
          {item('city', profile.city)}
          {item('address', profile.address)}
          <EidVerificationItem verification={application.eidVerification} />
        </DescriptionList>
        {(application.notes || application.adminNotes) && (
          <DescriptionList className="border-t border-slate-100 pt-5 sm:grid-cols-1">
            {application.notes && (
              <DescriptionItem label={t('detail.applicant.applicantNotes')}>
                <span className="whitespace-pre-line">{application.notes}</span>
              </DescriptionItem>
            )}
            {application.adminNotes && (
              <DescriptionItem label={t('detail.applicant.adminNotes')}>
                <span className="whitespace-pre-line">{notesText(application.adminNotes)}</span>
              </DescriptionItem>
            )}
          </DescriptionList>
        )}
      </CardContent>
    </Card>
  );
}
