import { Download, Eye, FileSignature, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import {
  ResponsiveTable,
  ResponsiveTableActions,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableColumns,
  ResponsiveTableRow,
} from '@/components/ui/responsive-table';
import { EmptyState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import { useOwnContracts } from '../api';
import { canSign, contractPdfUrl, isSigned } from '../rules';
import type { Contract } from '../types';
import { ContractStatusBadge } from './ContractStatusBadge';
import { ContractViewDialog } from './ContractViewDialog';
import { SignContractDialog } from './SignContractDialog';

/** Spec §2 applicant Contracts tab: the own contracts, to read and sign. */
export function ContractsTab() {
  const { t, i18n } = useTranslation('contracts');
  const query = useOwnContracts();
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [signing, setSigning] = useState<Contract | null>(null);
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');

  return (
    <TabCard title={t('applicant.title')} description={t('applicant.description')}>
      <QueryState
        query={query}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
        empty={
          <EmptyState icon={FileSignature} title={t('applicant.empty.title')}>
            {t('applicant.empty.text')}
          </EmptyState>
        }
      >
        {(contracts) => (
          <ResponsiveTable aria-label={t('applicant.title')}>
            <ResponsiveTableColumns
              names={[t('columns.title'), t('columns.created'), t('columns.signed'), t('columns.expires'), t('columns.status')]}
              actions={t('columns.actions')}
            />
            <ResponsiveTableBody>
              {contracts.map((contract) => (
                <ResponsiveTableRow key={contract.id} data-testid="contract-row">
                  <ResponsiveTableCell className="font-medium text-slate-900">
                    <span className="break-words">{contract.title}</span>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.created')} className="md:whitespace-nowrap">
                    {date(contract.createdAt)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.signed')} className="md:whitespace-nowrap">
                    {date(contract.signedAt)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.expires')} className="md:whitespace-nowrap">
                    {date(contract.expiresAt)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.status')}>
                    <ContractStatusBadge status={contract.status} />
                  </ResponsiveTableCell>
                  <ResponsiveTableActions>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setViewing(contract)}
                      aria-label={t('actions.viewNamed', { title: contract.title })}
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" />
                      {t('actions.view')}
                    </Button>
                    {canSign(contract) && (
                      <Button
                        size="sm"
                        onClick={() => setSigning(contract)}
                        aria-label={t('actions.signNamed', { title: contract.title })}
                      >
                        <PenLine className="h-4 w-4" aria-hidden="true" />
                        {t('actions.sign')}
                      </Button>
                    )}
                    {isSigned(contract) && (
                      <a
                        href={contractPdfUrl(contract.id)}
                        download
                        className={buttonClasses('ghost', 'sm')}
                        aria-label={t('actions.pdfNamed', { title: contract.title })}
                      >
                        <Download className="h-4 w-4" aria-hidden="true" />
                        {t('actions.pdf')}
                      </a>
                    )}
                  </ResponsiveTableActions>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </QueryState>
      <ContractViewDialog contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <SignContractDialog contract={signing} onOpenChange={(open) => !open && setSigning(null)} />
    </TabCard>
  );
}
