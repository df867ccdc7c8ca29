import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const TABS = ['applications', 'documents', 'contracts', 'messages'] as const;

/** Placeholder for the admin panel (spec §2); the tab contents come with a later issue. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  useDocumentMeta(t('meta.title'));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="mt-2 text-slate-600">{t('subtitle')}</p>
      <Tabs defaultValue="applications" className="mt-8">
        <TabsList aria-label={t('tabsLabel')}>
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <p className="text-slate-600">{t('comingSoon')}</p>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
