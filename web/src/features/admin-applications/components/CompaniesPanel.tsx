import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { formatDate } from '@/lib/dates';
import type { CompanyStatus, ShelfCompany } from '@/types/api';
import { useCompanies } from '../api/get-companies';
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
  const { data, isPending, error } = useCompanies();
  const columns: DataTableColumn<ShelfCompany>[] = [
    {
      id: 'name',
      header: t('companies.columns.name'),
      phoneLabel: false,
      cell: (company) => (
        <div className="flex items-start justify-between gap-3">
          <span className="font-semibold text-slate-900">{company.name}</span>
          {/* Phones show the status here, beside the name; wide screens in its own column. */}
          <span className="md:hidden">
            <CompanyStatusBadge status={company.status} />
          </span>
        </div>
      ),
    },
    {
      id: 'registrationCode',
      header: t('companies.columns.registrationCode'),
      className: 'tabular-nums',
      cell: (company) => company.registrationCode,
    },
    {
      id: 'registrationDate',
      header: t('companies.columns.registrationDate'),
      className: 'whitespace-nowrap',
      cell: (company) =>
        company.registrationDate ? (
          formatDate(company.registrationDate, i18n.language)
        ) : (
          <span className="text-slate-500">{t('companies.notSet')}</span>
        ),
    },
    { id: 'status', header: t('companies.columns.status'), wideOnly: true, cell: (company) => <CompanyStatusBadge status={company.status} /> },
    {
      id: 'applicant',
      header: t('companies.columns.applicant'),
      cell: (company) =>
        company.applicationId ? (
          <Link
            to={`/admin/applications/${company.applicationId}`}
            className="font-medium text-primary-700 underline-offset-4 hover:underline"
          >
            {company.applicantName ?? `#${company.applicationId}`}
          </Link>
        ) : (
          <span className="text-slate-500">{t('companies.unassigned')}</span>
        ),
    },
  ];

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
        <DataTable
          caption={t('companies.title')}
          columns={columns}
          rows={data}
          rowKey={(company) => company.id}
          rowTestId="company-row"
          status={{ isLoading: isPending, error, loadingLabel: t('companies.loading'), errorTitle: t('companies.loadError') }}
          empty={<EmptyState icon={Building2}>{t('companies.empty')}</EmptyState>}
        />
      </CardContent>
    </Card>
  );
}
