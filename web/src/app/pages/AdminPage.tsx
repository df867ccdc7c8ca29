import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminApplicationsTab } from '@/features/admin-applications';
import { AdminContractsTab } from '@/features/contracts';
import { AdminDocumentsTab } from '@/features/documents';
import { MessagesTab } from '@/features/messages';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export const ADMIN_TABS = ['applications', 'documents', 'contracts', 'messages'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | null): value is AdminTab {
  return value !== null && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The tab comes from ?tab=… so links and tests can open one; applications is the default (spec §2). */
function useAdminTab(): [AdminTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: AdminTab = isAdminTab(raw) ? raw : 'applications';
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'applications') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

/** The admin panel (spec §2): title, subtitle and four tabs. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('meta.title'));
  const [tab, setTab] = useAdminTab();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-2 text-slate-600">{t('subtitle')}</p>
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label={t('tabsLabel')} className="grid grid-cols-2 sm:flex">
          {ADMIN_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="applications">
          <AdminApplicationsTab />
        </TabsContent>
        <TabsContent value="documents">
          <AdminDocumentsTab />
        </TabsContent>
        <TabsContent value="contracts">
          <AdminContractsTab />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
