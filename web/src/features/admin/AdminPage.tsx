import { FileText } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AdminApplicationsTab } from '@/features/admin-applications';
import { AdminContractsTab } from '@/features/contracts';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { MessagesTab } from './messages/MessagesTab';

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
          <ComingSoon kind="documents" Icon={FileText} />
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

function ComingSoon({ kind, Icon }: { kind: 'documents'; Icon: LucideIcon }) {
  const { t } = useTranslation('admin');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="grid h-12 w-12 place-items-center rounded-full bg-primary-50 text-primary-700">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{t(`placeholder.${kind}.title`)}</h2>
        <p className="max-w-md text-sm text-slate-600">{t(`placeholder.${kind}.text`)}</p>
      </CardContent>
    </Card>
  );
}
