import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
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
import { EmptyState, ErrorState } from '@/components/ui/state-message';
import type { CompanyStatus } from '@/features/dashboard/types';
import { formatDate } from '@/lib/dates';
import { useCompanies } from '../api';
import { AddCompanyDialog } from './AddCompanyDialog';

const COMPANY_TONES: Record<CompanyStatus, BadgeTone> = {
  available: 'green',
  assigned: 'blue',
  transferred: 'neutral',
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation('applications');
  return <Badge tone={COMPANY_TONES[status] ?? 'neutral'}>{t(`companies.status.${status}`, { defaultValue: status })}</Badge>;
}

/** Shelf companies and who they are assigned to, with an "Add company" dialog (beyond the spec). */
export function CompaniesPanel() {
  const { t, i18n } = useTranslation('applications');
  const { data, isPending, isError } = useCompanies();

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Building2 className="h-5 w-5 text-primary-500" aria-hidden="true" />
            {t('companies.title')}
          </CardTitle>
          <CardDescription>{t('companies.description')}</CardDescription>
        </div>
        <AddCompanyDialog />
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={t('companies.loading')} />
          </div>
        ) : isError ? (
          <ErrorState title={t('companies.loadError')}>{t('common:errors.unknown')}</ErrorState>
        ) : data.length === 0 ? (
          <EmptyState icon={Building2}>{t('companies.empty')}</EmptyState>
        ) : (
          <ResponsiveTable>
            <caption className="sr-only">{t('companies.title')}</caption>
            <ResponsiveTableHead>
              <ResponsiveTableHeader>{t('companies.columns.name')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('companies.columns.registrationCode')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('companies.columns.registrationDate')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('companies.columns.status')}</ResponsiveTableHeader>
              <ResponsiveTableHeader>{t('companies.columns.applicant')}</ResponsiveTableHeader>
            </ResponsiveTableHead>
            <ResponsiveTableBody>
              {data.map((company) => (
                <ResponsiveTableRow key={company.id} data-testid="company-row">
                  <ResponsiveTableCell>
                    <div className="flex items-start justify-between gap-3">
                      <span className="font-semibold text-slate-900">{company.name}</span>
                      <span className="md:hidden">
                        <CompanyStatusBadge status={company.status} />
                      </span>
                    </div>
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('companies.columns.registrationCode')} className="tabular-nums">
                    {company.registrationCode}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('companies.columns.registrationDate')} className="whitespace-nowrap">
                    {company.registrationDate ? (
                      formatDate(company.registrationDate, i18n.language)
                    ) : (
                      <span className="text-slate-500">{t('companies.notSet')}</span>
                    )}
                  </ResponsiveTableCell>
                  <ResponsiveTableCell className="hidden md:table-cell">
                    <CompanyStatusBadge status={company.status} />
                  </ResponsiveTableCell>
                  <ResponsiveTableCell label={t('companies.columns.applicant')}>
                    {company.applicationId ? (
                      <Link
                        to={`/admin/applications/${company.applicationId}`}
                        className="font-medium text-primary-700 underline-offset-4 hover:underline"
                      >
                        {company.applicantName ?? `#${company.applicationId}`}
                      </Link>
                    ) : (
                      <span className="text-slate-500">{t('companies.unassigned')}</span>
                    )}
                  </ResponsiveTableCell>
                </ResponsiveTableRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
      </CardContent>
    </Card>
  );
}
