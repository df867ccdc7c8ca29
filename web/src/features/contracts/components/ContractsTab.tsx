import { Download, FileArchive, FileSignature, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import type { Contract } from '@/types/api';
import { useOwnContracts } from '../api/get-contracts';
import { useMarkContractViewed } from '../api/mark-contract-viewed';
import { contractAsiceUrl } from '../api/esign';
import { canSign, contractPdfUrl, isSigned, signedWithEid } from '../rules';
import { useContractTitle } from '../use-contract-title';
import { useLinkedContract } from '../use-linked-contract';
import { ContractStatusBadge } from './ContractStatusBadge';
import { SignatureMethod } from './SignatureMethod';
import { ContractViewDialog } from './ContractViewDialog';
import { SignContractDialog } from './SignContractDialog';
import { ViewContractButton } from './ViewContractButton';

/** Spec §2 applicant Contracts tab: the own contracts, to read and sign. */
export function ContractsTab() {
  const { t, i18n } = useTranslation(['contracts', 'esign']);
  const title = useContractTitle();
  const query = useOwnContracts();
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [signing, setSigning] = useState<Contract | null>(null);
  const markViewed = useMarkContractViewed();
  // A link's contract (?sign=id, the dashboard's next step) opens in the sign dialog at once.
  const linked = useLinkedContract(query.data);
  // Opening a contract that can still be signed is an event on its signing certificate (issue 13).
  const openContract = (contract: Contract, show: (contract: Contract) => void) => {
    if (canSign(contract)) markViewed.mutate(contract.id);
    show(contract);
  };
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');
  const dateColumn = (id: string, value: (contract: Contract) => string | null): DataTableColumn<Contract> => ({
    id,
    header: t(`columns.${id}`),
    className: 'md:whitespace-nowrap',
    cell: (contract) => date(value(contract)),
  });
  const columns: DataTableColumn<Contract>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      phoneLabel: false,
      className: 'font-medium text-slate-900',
      cell: (contract) => <span className="break-words">{title(contract)}</span>,
    },
    dateColumn('created', (contract) => contract.createdAt),
    dateColumn('signed', (contract) => contract.signedAt),
    dateColumn('expires', (contract) => contract.expiresAt),
    { id: 'method', header: t('esign:column'), cell: (contract) => <SignatureMethod method={contract.signatureMethod} /> },
    { id: 'status', header: t('columns.status'), cell: (contract) => <ContractStatusBadge status={contract.status} /> },
  ];

  return (
    <TabCard title={t('applicant.title')} description={t('applicant.description')}>
      <DataTable
        aria-label={t('applicant.title')}
        columns={columns}
        rows={query.data}
        rowKey={(contract) => contract.id}
        rowTestId="contract-row"
        status={{ isLoading: query.isLoading, error: query.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={FileSignature} title={t('applicant.empty.title')}>
            {t('applicant.empty.text')}
          </EmptyState>
        }
        actions={{
          header: t('columns.actions'),
          // View, Sign or the downloads side by side where there is room, one above the other where there is not.
          wrap: true,
          cell: (contract) => (
            <>
              <ViewContractButton title={title(contract)} onView={() => openContract(contract, setViewing)} />
              {canSign(contract) && (
                <Button size="sm" onClick={() => openContract(contract, setSigning)} aria-label={t('actions.signNamed', { title: title(contract) })}>
                  <PenLine className="h-4 w-4" aria-hidden="true" />
                  {t('actions.sign')}
                </Button>
              )}
              {isSigned(contract) && (
                <a
                  href={contractPdfUrl(contract.id)}
                  download
                  className={buttonClasses('ghost', 'sm')}
                  aria-label={t('actions.pdfNamed', { title: title(contract) })}
                >
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {t('actions.pdf')}
                </a>
              )}
              {signedWithEid(contract) && (
                <a
                  href={contractAsiceUrl(contract.id)}
                  download
                  className={buttonClasses('ghost', 'sm')}
                  aria-label={t('esign:asiceNamed', { title: title(contract) })}
                >
                  <FileArchive className="h-4 w-4" aria-hidden="true" />
                  {t('esign:asice')}
                </a>
              )}
            </>
          ),
        }}
      />
      <ContractViewDialog
        contract={viewing}
        onOpenChange={(open) => !open && setViewing(null)}
        onSign={(contract) => {
          setViewing(null);
          setSigning(contract);
        }}
      />
      <SignContractDialog
        contract={signing ?? linked.contract}
        onOpenChange={(open) => {
          if (open) return;
          setSigning(null);
          linked.clear();
        }}
      />
    </TabCard>
  );
}
