import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate } from '@/lib/dates';
import type { AdminContract } from '@/types/api';
import { useChangeContractStatus } from '../api/change-contract-status';
import { useContractTitle } from '../use-contract-title';
import { ContractStatusBadge } from './ContractStatusBadge';
import { ContractViewDialog } from './ContractViewDialog';
import { ViewContractButton } from './ViewContractButton';

type TableProps = Omit<DataTableProps<AdminContract>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'>;

/**
 * The admin's table of contracts: title, applicant, created, expiry (a dash if none), signed, status; view,
 * and mark a pending one sent. Sortable columns carry the API's sort names (createdAt, title, status,
 * expiresAt, signedAt); sorting is on only when the caller passes `onSortChange`.
 */
export function AdminContractsTable({ showUser = true, ...props }: TableProps & { showUser?: boolean }) {
  const { t, i18n } = useTranslation('contracts');
  const title = useContractTitle();
  const failureToast = useFailureToast();
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

  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');
  const userColumn: DataTableColumn<AdminContract> = {
    id: 'user',
    header: t('columns.user'),
    cell: (contract) =>
      contract.user.fullName || contract.user.email ? (
        <span className="flex flex-col">
          <span className="text-slate-900">{contract.user.fullName}</span>
          <span className="break-all text-xs text-slate-500">{contract.user.email}</span>
        </span>
      ) : (
        <span className="text-slate-500">{t('admin.unknownUser', { id: contract.userId })}</span>
      ),
  };
  const columns: DataTableColumn<AdminContract>[] = [
    {
      id: 'title',
      header: t('columns.title'),
      sortable: true,
      phoneLabel: false,
      className: 'font-medium text-slate-900',
      cell: (contract) => <span className="break-words">{title(contract)}</span>,
    },
    ...(showUser ? [userColumn] : []),
    { id: 'createdAt', header: t('columns.created'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.createdAt) },
    { id: 'expiresAt', header: t('columns.expires'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.expiresAt) },
    { id: 'signedAt', header: t('columns.signedOn'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.signedAt) },
    { id: 'status', header: t('columns.status'), sortable: true, cell: (contract) => <ContractStatusBadge status={contract.status} /> },
  ];

  return (
    <>
      <DataTable
        {...props}
        columns={columns}
        rowKey={(contract) => contract.id}
        rowTestId="admin-contract-row"
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
    </>
  );
}
