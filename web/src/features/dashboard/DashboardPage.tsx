import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useUser } from '@/features/auth/api/use-user';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const TABS = ['application', 'documents', 'contracts', 'profile'] as const;

/** Placeholder for the applicant dashboard (spec §2); the tab contents come with a later issue. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  useDocumentMeta(t('meta.title'));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {t('welcome', { fullName: user?.fullName ?? '' })}
      </h1>
      <Tabs defaultValue="application" className="mt-8">
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
