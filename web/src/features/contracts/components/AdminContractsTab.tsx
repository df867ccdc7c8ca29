import { Eye, FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/features/dashboard/server-message';
import { formatDate } from '@/lib/dates';
import { useAdminContracts, useChangeContractStatus } from '../api';
import type { AdminContract } from '../types';
import { ContractStatusBadge } from './ContractStatusBadge';
import { ContractViewDialog } from './ContractViewDialog';
import { CreateContractDialog } from './CreateContractDialog';

/** Spec §2 admin Contracts: create contracts and follow their signatures. */
export function AdminContractsTab() {
  const { t, i18n } = useTranslation('contracts');
  const failureToast = useFailureToast();
  const query = useAdminContracts();
  const changeStatus = useChangeContractStatus();
  const [viewing, setViewing] = useState<AdminContract | null>(null);

  const markSent = (contract: AdminContract) =>
    changeStatus.mutate(
      { id: contract.id, status: 'sent' },
      {
        onSuccess: () => toast({ title: t('admin.toast.sent'), description: contract.title }),
        onError: (err) => failureToast(t('admin.toast.statusFailed'), err),
      },
    );

  return (
    <TabCard title={t('admin.title')} description={t('admin.description')} action={<CreateContractDialog />}>
      <QueryState
        query={query}
        loadingLabel={t('loading')}
        errorTitle={t('loadFailed')}
        empty={
          <EmptyState icon={FileSignature} title={t('admin.empty.title')}>
            {t('admin.empty.text')}
          </EmptyState>
        }
      >
        {(contracts) => (
          <ResponsiveTable aria-label={t('admin.title')}>
            <ResponsiveTableColumns
              names={[t('columns.title'), t('columns.user'), t('columns.created'), t('columns.expires'), t('columns.status')]}
              actions={t('columns.actions')}
            />
            <ResponsiveTableBody>
              {contracts.map((contract) => (
                <ResponsiveTableRow key={contract.id} data-testid="admin-contract-row">
                  <ResponsiveTableCell className="font-medium text-slate-900">
                    <span className="break-words">{contract.title}</span>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.user')}>
                    {contract.user ? (
                      <span className="flex flex-col">
                        <span className="text-slate-900">{contract.user.fullName}</span>
                        <span className="break-all text-xs text-slate-500">{contract.user.email}</span>
                      </span>
                    ) : (
                      <span className="text-slate-500">{t('admin.unknownUser', { id: contract.userId })}</span>
                    )}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.created')} className="md:whitespace-nowrap">
                    {formatDate(contract.createdAt, i18n.language)}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('columns.expires')} className="md:whitespace-nowrap">
                    {contract.expiresAt ? formatDate(contract.expiresAt, i18n.language) : '—'}
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
                    {contract.status === 'pending' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={changeStatus.isPending}
                        onClick={() => markSent(contract)}
                        aria-label={t('actions.markSentNamed', { title: contract.title })}
                      >
                        {t('actions.markSent')}
                      </Button>
                    )}
                  </ResponsiveTableActions>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </QueryState>
      <ContractViewDialog admin contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </TabCard>
  );
}
