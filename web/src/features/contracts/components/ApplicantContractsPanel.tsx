import { useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-message';
import { adminContractsPageOptions } from '../api/get-admin-contracts';
import { AdminContractsTable } from './AdminContractsTable';
import { CreateContractDialog } from './CreateContractDialog';

/** The API's largest page: one applicant has a handful of contracts, far fewer. */
const ONE_APPLICANTS_LIMIT = 200;

interface Props {
  userId: number;
  /** The application the file page shows: a contract created here is about it. */
  applicationId: number;
}

/**
 * The contracts part of the applicant's whole file (issue 17): every contract of the user, newest first, and
 * a new contract for this applicant and application.
 */
export function ApplicantContractsPanel({ userId, applicationId }: Props) {
  const { t } = useTranslation('contracts');
  const query = useMemo(
    () => new URLSearchParams({ userId: String(userId), sort: 'createdAt', order: 'desc', limit: String(ONE_APPLICANTS_LIMIT) }),
    [userId],
  );
  const page = useQuery(adminContractsPageOptions(query));
  const headingId = `applicant-contracts-${userId}`;

  return (
    <TabCard
      title={<span id={headingId}>{t('panel.title')}</span>}
      description={t('panel.description')}
      action={<CreateContractDialog applicant={{ userId, applicationId }} />}
    >
      <AdminContractsTable
        aria-labelledby={headingId}
        showUser={false}
        rows={page.data?.items}
        status={{ isLoading: page.isPending, error: page.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={<EmptyState icon={FileSignature} title={t('panel.empty')} />}
      />
    </TabCard>
  );
}
