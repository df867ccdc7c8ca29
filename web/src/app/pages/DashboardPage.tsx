import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ContractsTab } from '@/features/contracts';
import { ApplicationTab, ProfileTab } from '@/features/dashboard';
import { DocumentsTab } from '@/features/documents';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useUser } from '@/lib/auth/get-user';

const TABS = [
  { value: 'application', Content: ApplicationTab },
  { value: 'documents', Content: DocumentsTab },
  { value: 'contracts', Content: ContractsTab },
  { value: 'profile', Content: ProfileTab },
] as const;

/** The applicant dashboard (spec §2): welcome line and four tabs, the application tab first. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user } = useUser();
  useDocumentMeta(t('meta.title'));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('welcome', { fullName: user?.fullName ?? '' })}
      </h1>
      <p className="mt-2 text-slate-600">{t('intro')}</p>
      <Tabs defaultValue="application" className="mt-8">
        {/* Two rows of two on phones, so no tab hides off-screen. */}
        <TabsList aria-label={t('tabsLabel')} className="grid grid-cols-2 sm:flex">
          {TABS.map(({ value }) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
