import { Eye, FileSignature } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableCell,
  ResponsiveTableHead,
  ResponsiveTableHeader,
  ResponsiveTableRow,
} from '@/components/ui/responsive-table';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useServerMessage } from '@/features/dashboard/server-message';
import { useErrorText } from '@/hooks/use-error-text';
import { formatDate } from '@/lib/dates';
import { useAdminContracts, useChangeContractStatus } from '../api';
import type { AdminContract } from '../types';
import { ContractStatusBadge } from './ContractStatusBadge';
import { LoadError } from './ContractsTab';
import { ContractViewDialog } from './ContractViewDialog';
import { CreateContractDialog } from './CreateContractDialog';

/** Spec §2 admin Contracts: create contracts and follow their signatures. */
export function AdminContractsTab() {
  const { t, i18n } = useTranslation('contracts');
  const errorText = useErrorText();
  const serverMessage = useServerMessage();
  const { data: contracts, isLoading, error } = useAdminContracts();
  const changeStatus = useChangeContractStatus();
  const [viewing, setViewing] = useState<AdminContract | null>(null);

  const markSent = (contract: AdminContract) =>
    changeStatus.mutate(
      { id: contract.id, status: 'sent' },
      {
        onSuccess: () => toast({ title: t('admin.toast.sent'), description: contract.title }),
        onError: (err) =>
          toast({
            title: t('admin.toast.statusFailed'),
            description: serverMessage(err) ?? t('common:errors.unknown'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('admin.title')}</CardTitle>
          <CardDescription>{t('admin.description')}</CardDescription>
        </div>
        <CreateContractDialog />
      </CardHeader>
      <CardContent className="px-4 pb-6 sm:px-6">
        {isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('loading')} className="[&_svg]:h-8 [&_svg]:w-8" />
          </div>
        ) : error ? (
          <LoadError text={errorText(error)} />
        ) : !contracts || contracts.length === 0 ? (
          <EmptyState icon={FileSignature} title={t('admin.empty.title')}>
            {t('admin.empty.text')}
          </EmptyState>
        ) : (
          <ResponsiveTable aria-label={t('admin.title')}>
            <ResponsiveTableHead>
              <ResponsiveTableHeader>{t('columns.title')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.user')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.created')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.expires')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.status')}</ResponsiveTableHeader>
              <ResponsiveTableHeader className="md:text-right">{t('columns.actions')}</ResponsiveTableHeader>
            </ResponsiveTableHead>
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
                  <ResponsiveTableCell>
                    <div className="flex flex-wrap gap-2 pt-1 md:flex-nowrap md:justify-end md:pt-0">
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
                    </div>
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </CardContent>
      <ContractViewDialog admin contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </Card>
  );
}
