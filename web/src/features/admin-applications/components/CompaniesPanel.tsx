import { useQuery } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/dates';
import type { CompanyStatus, ShelfCompany } from '@/types/api';
import { COMPANIES_PAGE_SIZE, COMPANY_SORTS, COMPANY_STATUSES, companiesPageOptions } from '../api/get-companies';
import { AddCompanyDialog } from './AddCompanyDialog';
import { ClientCaseLine } from './ClientCase';

const COMPANY_TONES: Record<CompanyStatus, BadgeTone> = {
  available: 'green',
  assigned: 'blue',
  transferred: 'neutral',
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation('applications');
  return <Badge tone={COMPANY_TONES[status] ?? 'neutral'}>{t(`companies.status.${status}`, { defaultValue: status })}</Badge>;
}

/**
 * Shelf companies and who they are assigned to, with an "Add company" dialog (beyond the spec); searched,
 * filtered, sorted and paged on the server (issue 17), its view in the URL under `companies.`.
 */
export function CompaniesPanel() {
  const { t, i18n } = useTranslation('applications');
  const { t: handover } = useTranslation('handover');
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: COMPANIES_PAGE_SIZE },
    sorts: COMPANY_SORTS,
    statuses: COMPANY_STATUSES,
    prefix: 'companies.',
  });
  const { data, isPending, error, isPlaceholderData } = useQuery(companiesPageOptions(list.apiQuery));
  const columns: DataTableColumn<ShelfCompany>[] = [
    {
      id: 'name',
      header: t('companies.columns.name'),
      phoneLabel: false,
      sortable: true,
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
      sortable: true,
      cell: (company) =>
        company.registrationDate ? (
          formatDate(company.registrationDate, i18n.language)
        ) : (
          <span className="text-slate-500">{t('companies.notSet')}</span>
        ),
    },
    { id: 'status', header: t('companies.columns.status'), wideOnly: true, cell: (company) => <CompanyStatusBadge status={company.status} /> },
    {
      id: 'createdAt',
      header: t('companies.columns.createdAt'),
      className: 'whitespace-nowrap',
      sortable: true,
      cell: (company) => formatDate(company.createdAt, i18n.language),
    },
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
    {
      id: 'client',
      header: handover('client.label'),
      cell: (company) => (company.client ? <ClientCaseLine client={company.client} /> : <span className="text-slate-500">–</span>),
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
          rows={data?.items}
          rowKey={(company) => company.id}
          rowTestId="company-row"
          status={{ isLoading: isPending, error, loadingLabel: t('companies.loading'), errorTitle: t('companies.loadError') }}
          empty={
            <EmptyState icon={Building2}>{list.isFiltered ? t('companies.emptyFiltered') : t('companies.empty')}</EmptyState>
          }
          stale={isPlaceholderData}
          {...list.tableProps({
            total: data?.total,
            paginationLabel: t('companies.paginationLabel'),
            searchLabel: t('companies.searchLabel'),
            searchPlaceholder: t('companies.searchPlaceholder'),
          })}
          filters={
            <FilterSelect
              label={t('companies.statusFilterLabel')}
              value={list.params.status}
              onChange={list.setStatus}
              options={[
                { value: '', label: t('companies.allStatuses') },
                ...COMPANY_STATUSES.map((value) => ({ value, label: t(`companies.status.${value}`) })),
              ]}
            />
          }
        />
      </CardContent>
    </Card>
  );
}
