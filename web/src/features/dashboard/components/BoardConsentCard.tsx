import { Download, FileSignature, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { contractAsiceUrl, currentDocument, isAwaitingSignature, signLink } from '@/lib/eid-documents';
import { useOwnContractList } from '../api/eid-documents';
import { useLiabilityNotice } from '../api/liability-notice';

/**
 * The board member's consent for the Business Register (issue 33): once a company is assigned, signing it with
 * eID is the applicant's next step, in the Contracts tab's sign dialog; once signed, its container to keep.
 * Nothing while there is no consent. The liability notice comes first (issue 36): until it is acknowledged the card
 * says so instead of offering the signing.
 */
export function BoardConsentCard({ applicationId, company }: { applicationId: number; company: string }) {
  const { t, i18n } = useTranslation('eidDocuments');
  const contracts = useOwnContractList(true);
  const consent = currentDocument(contracts.data, 'board_consent', applicationId);
  const notice = useLiabilityNotice(i18n.language);
  if (!consent || !(isAwaitingSignature(consent) || consent.signedAt)) return null;
  return (
    <Card data-testid="board-consent-card" className={consent.signedAt ? undefined : 'border-primary-300 bg-primary-50/40'}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileSignature className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('consent.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {consent.signedAt ? (
          <>
            <p className="leading-relaxed text-slate-700">{t('consent.signed', { date: formatDate(consent.signedAt, i18n.language) })}</p>
            {consent.signatureMethod && ['smart_id', 'mobile_id', 'id_card'].includes(consent.signatureMethod) && (
              <a href={contractAsiceUrl(consent.id)} download className={buttonClasses('secondary', 'sm', 'self-start')}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t('consent.download')}
              </a>
            )}
          </>
        ) : (
          <>
            <p className="leading-relaxed text-slate-700">{t('consent.pending', { company })}</p>
            {notice.data?.acknowledged === false ? (
              <p className="leading-relaxed text-slate-700">{t('consent.noticeFirst')}</p>
            ) : (
            <Link to={signLink(consent.id)} className={buttonClasses('primary', 'md', 'self-start')}>
              <PenLine className="h-4 w-4" aria-hidden="true" />
              {t('consent.sign')}
            </Link>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
