import { FileText, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TabCard } from '@/components/ui/card';
import { FilterSelect } from '@/components/ui/filter-select';
import { EmptyState } from '@/components/ui/state-message';
import { useListParams } from '@/hooks/use-list-params';
import { cn } from '@/lib/utils';
import { useAdminDocumentRequestsPage } from '../api/get-admin-document-requests';
import { useAdminDocumentsPage } from '../api/get-admin-documents';
import {
  ADMIN_DOCUMENT_SORTS,
  ADMIN_DOCUMENT_STATUSES,
  ADMIN_REQUEST_SORTS,
  ADMIN_REQUEST_STATUSES,
  type AdminDocumentSort,
} from '../types';
import { AdminDocumentsTable } from './AdminDocumentsTable';
import { AdminRequestsTable } from './AdminRequestsTable';
import { RequestDocumentDialog } from './RequestDocumentDialog';

export const PAGE_SIZE = 50;
const VIEWS = ['documents', 'requests'] as const;
type View = (typeof VIEWS)[number];

/**
 * Spec §2 admin Documents with issue 17's lists: the uploaded documents or (?view=requests) the document
 * requests, each paged, sorted, filtered and searched on the server, their state in the URL.
 */
export function AdminDocumentsTab() {
  const { t } = useTranslation('documents');
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get('view') === 'requests' ? 'requests' : 'documents';
  // The other view starts from a clean list: its statuses and sorts are not this one's.
  const showView = (next: View) =>
    setSearchParams((current) => {
      const kept = new URLSearchParams();
      const tab = current.get('tab');
      if (tab) kept.set('tab', tab);
      if (next !== 'documents') kept.set('view', next);
      return kept;
    });

  return (
    <TabCard
      title={t('admin.title')}
      description={t('admin.description')}
      action={<RequestDocumentDialog />}
      contentClassName="flex flex-col gap-5"
    >
      <div role="group" aria-label={t('admin.views.label')} className="inline-flex self-start rounded-lg border border-slate-200 bg-slate-50 p-1">
        {VIEWS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => showView(value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-500',
              view === value && 'bg-white text-slate-900 shadow-sm',
            )}
          >
            {t(`admin.views.${value}`)}
          </button>
        ))}
      </div>
      {view === 'documents' ? <DocumentsList /> : <RequestsList />}
    </TabCard>
  );
}

function DocumentsList() {
  const { t } = useTranslation('documents');
  const list = useListParams({
    defaults: { sort: 'createdAt' satisfies AdminDocumentSort, order: 'desc', pageSize: PAGE_SIZE },
    sorts: ADMIN_DOCUMENT_SORTS,
    statuses: ADMIN_DOCUMENT_STATUSES,
  });
  const { data, isPending, error, isPlaceholderData } = useAdminDocumentsPage(list.apiQuery);
  return (
    <AdminDocumentsTable
      aria-label={t('admin.title')}
      rows={data?.items}
      stale={isPlaceholderData}
      status={{ isLoading: isPending, error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
      empty={
        list.isFiltered ? (
          <EmptyState icon={Inbox} title={t('admin.noMatches.title')}>
            {t('admin.noMatches.text')}
          </EmptyState>
        ) : (
          <EmptyState icon={FileText} title={t('admin.empty.title')}>
            {t('admin.empty.text')}
          </EmptyState>
        )
      }
      {...list.tableProps({
        total: data?.total,
        paginationLabel: t('admin.pages'),
        searchLabel: t('admin.search'),
        searchPlaceholder: t('admin.searchPlaceholder'),
      })}
      filters={
        <FilterSelect
          label={t('columns.status')}
          value={list.params.status}
          onChange={list.setStatus}
          options={[
            { value: '', label: t('admin.allStatuses') },
            ...ADMIN_DOCUMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
        />
      }
    />
  );
}

function RequestsList() {
  const { t } = useTranslation('documents');
  const list = useListParams({
    defaults: { sort: 'createdAt', order: 'desc', pageSize: PAGE_SIZE },
    sorts: ADMIN_REQUEST_SORTS,
    statuses: ADMIN_REQUEST_STATUSES,
  });
  const { data, isPending, error, isPlaceholderData } = useAdminDocumentRequestsPage(list.apiQuery);
  return (
    <AdminRequestsTable
      aria-label={t('requests.title')}
      rows={data?.items}
      stale={isPlaceholderData}
      status={{ isLoading: isPending, error, loadingLabel: t('requests.loading'), errorTitle: t('requests.loadFailed') }}
      empty={
        <EmptyState icon={Inbox} title={list.isFiltered ? t('requests.noMatches.title') : t('requests.empty.title')}>
          {list.isFiltered ? t('requests.noMatches.text') : t('requests.empty.text')}
        </EmptyState>
      }
      {...list.tableProps({
        total: data?.total,
        paginationLabel: t('requests.pages'),
        searchLabel: t('requests.search'),
        searchPlaceholder: t('requests.searchPlaceholder'),
      })}
      filters={
        <FilterSelect
          label={t('columns.status')}
          value={list.params.status}
          onChange={list.setStatus}
          options={[
            { value: '', label: t('admin.allStatuses') },
            ...ADMIN_REQUEST_STATUSES.map((status) => ({ value: status, label: t(`requests.status.${status}`) })),
          ]}
        />
      }
    />
  );
}
