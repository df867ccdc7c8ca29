import { FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import type { AdminContract } from '@/types/api';
import { useChangeContractStatus } from '../api/change-contract-status';
import { useAdminContracts } from '../api/get-admin-contracts';
import { useContractTitle } from '../use-contract-title';
import { ContractStatusBadge } from './ContractStatusBadge';
import { ContractViewDialog } from './ContractViewDialog';
import { CreateContractDialog } from './CreateContractDialog';
import { ViewContractButton } from './ViewContractButton';

/** Spec §2 admin Contracts: create contracts and follow their signatures. */
export function AdminContractsTab() {
  const { t, i18n } = useTranslation('contracts');
  const title = useContractTitle();
  const failureToast = useFailureToast();
  const query = useAdminContracts();
  const changeStatus = useChangeContractStatus();
  const [viewing, setViewing] = useState<AdminContract | null>(null);

  const markSent = (contract: AdminContract) =>
    changeStatus.mutate(
      { id: contract.id, status: 'sent' },
      {
        onSuccess: () => toast({ title: t('admin.toast.sent'), description: title(contract) }),
        onError: (err) => failureToast(t('admin.toast.statusFailed'), err),
      },
    );

  const date = (value: string) => formatDate(value, i18n.language);
  const columns: DataTableColumn<AdminContract>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      phoneLabel: false,
      className: 'font-medium text-slate-900',
      cell: (contract) => <span className="break-words">{title(contract)}</span>,
    },
    {
      id: 'user',
      header: t('columns.user'),
      cell: (contract) =>
        contract.user ? (
          <span className="flex flex-col">
            <span className="text-slate-900">{contract.user.fullName}</span>
            <span className="break-all text-xs text-slate-500">{contract.user.email}</span>
          </span>
        ) : (
          <span className="text-slate-500">{t('admin.unknownUser', { id: contract.userId })}</span>
        ),
    },
    { id: 'created', header: t('columns.created'), className: 'md:whitespace-nowrap', cell: (contract) => date(contract.createdAt) },
    {
      id: 'expires',
      header: t('columns.expires'),
      className: 'md:whitespace-nowrap',
      cell: (contract) => (contract.expiresAt ? date(contract.expiresAt) : '—'),
    },
    { id: 'status', header: t('columns.status'), cell: (contract) => <ContractStatusBadge status={contract.status} /> },
  ];

  return (
    <TabCard title={t('admin.title')} description={t('admin.description')} action={<CreateContractDialog />}>
      <DataTable
        aria-label={t('admin.title')}
        columns={columns}
        rows={query.data}
        rowKey={(contract) => contract.id}
        rowTestId="admin-contract-row"
        status={{ isLoading: query.isLoading, error: query.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        empty={
          <EmptyState icon={FileSignature} title={t('admin.empty.title')}>
            {t('admin.empty.text')}
          </EmptyState>
        }
        actions={{
          header: t('columns.actions'),
          cell: (contract) => (
            <>
              <ViewContractButton title={title(contract)} onView={() => setViewing(contract)} />
              {contract.status === 'pending' && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={changeStatus.isPending}
                  onClick={() => markSent(contract)}
                  aria-label={t('actions.markSentNamed', { title: title(contract) })}
                >
                  {t('actions.markSent')}
                </Button>
              )}
            </>
          ),
        }}
      />
      <ContractViewDialog admin contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </TabCard>
  );
}
