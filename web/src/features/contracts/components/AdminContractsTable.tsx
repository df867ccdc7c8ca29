import { FileArchive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { PersonCell } from '@/components/ui/truncated-text';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate, formatShortDate } from '@/lib/dates';
import type { AdminContract } from '@/types/api';
import { useChangeContractStatus } from '../api/change-contract-status';
import { contractAsiceUrl } from '../api/esign';
import { signedWithEid } from '../rules';
import { useContractTitle } from '../use-contract-title';
import { ContractStatusBadge } from './ContractStatusBadge';
import { ContractViewDialog } from './ContractViewDialog';
import { SignatureMethod } from './SignatureMethod';
import { ViewContractButton } from './ViewContractButton';

type TableProps = Omit<DataTableProps<AdminContract>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'>;

/**
 * The admin's table of contracts: title, applicant, created, expiry (a dash if none), signed, status; view,
 * and mark a pending one sent. Sortable columns carry the API's sort names (createdAt, title, status,
 * expiresAt, signedAt); sorting is on only when the caller passes `onSortChange`.
 */
export function AdminContractsTable({ showUser = true, ...props }: TableProps & { showUser?: boolean }) {
  const { t, i18n } = useTranslation(['contracts', 'esign']);
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

  // Issue 37: three long dates ('15. september 2025') squeezed the title and pushed the actions out of the table
  // at 1366 px; the table gives the day short (15.09.2025, 15/09/2025), the whole date on hover.
  const date = (value: string | null) =>
    value ? (
      <time dateTime={value} title={formatDate(value, i18n.language)}>
        {formatShortDate(value, i18n.language)}
      </time>
    ) : (
      '—'
    );
  const userColumn: DataTableColumn<AdminContract> = {
    id: 'user',
    header: t('columns.user'),
    cell: (contract) =>
      contract.user.fullName || contract.user.email ? (
        <PersonCell name={contract.user.fullName} email={contract.user.email} />
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
      className: 'font-medium text-slate-900 md:min-w-[11rem]',
      cell: (contract) => <span className="break-words">{title(contract)}</span>,
    },
    ...(showUser ? [userColumn] : []),
    { id: 'createdAt', header: t('columns.created'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.createdAt) },
    { id: 'expiresAt', header: t('columns.expires'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.expiresAt) },
    { id: 'signedAt', header: t('columns.signedOn'), sortable: true, className: 'md:whitespace-nowrap', cell: (c) => date(c.signedAt) },
    { id: 'method', header: t('esign:column'), cell: (contract) => <SignatureMethod method={contract.signatureMethod} /> },
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
          // View and Mark sent side by side where there is room, one above the other where there is not.
          wrap: true,
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
      <ContractViewDialog admin contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </>
  );
}
