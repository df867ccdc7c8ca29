import { AlertCircle, Download, Eye, FileSignature, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
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
import { useErrorText } from '@/hooks/use-error-text';
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
  const errorText = useErrorText();
  const { data: contracts, isLoading, error } = useOwnContracts();
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [signing, setSigning] = useState<Contract | null>(null);
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—');

  return (
    <Card>
      <CardHeader className="gap-1 px-4 sm:px-6">
        <CardTitle>{t('applicant.title')}</CardTitle>
        <CardDescription>{t('applicant.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 pb-6 sm:px-6">
        {isLoading ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('loading')} className="[&_svg]:h-8 [&_svg]:w-8" />
          </div>
        ) : error ? (
          <LoadError text={errorText(error)} />
        ) : !contracts || contracts.length === 0 ? (
          <EmptyState icon={FileSignature} title={t('applicant.empty.title')}>
            {t('applicant.empty.text')}
          </EmptyState>
        ) : (
          <ResponsiveTable aria-label={t('applicant.title')}>
            <ResponsiveTableHead>
              <ResponsiveTableHeader>{t('columns.title')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.created')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.signed')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.expires')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('columns.status')}</ResponsiveTableHeader>
              <ResponsiveTableHeader className="md:text-right">{t('columns.actions')}</ResponsiveTableHeader>
            </ResponsiveTableHead>
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
                    </div>
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </CardContent>
      <ContractViewDialog contract={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <SignContractDialog contract={signing} onOpenChange={(open) => !open && setSigning(null)} />
    </Card>
  );
}

export function LoadError({ text }: { text: string }) {
  const { t } = useTranslation('contracts');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-danger-700">
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{t('loadFailed')}</p>
        <p className="text-sm">{text}</p>
      </div>
    </div>
  );
}
