import { BadgeCheck, CalendarClock, Euro } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export type AuthTab = 'login' | 'register';

/** ?tab=register opens the registration tab directly (e.g. from the landing page). */
function useAuthTab(): [AuthTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const setTab = (next: string) => setParams(next === 'register' ? { tab: 'register' } : {}, { replace: true });
  return [tab, setTab];
}

export function AuthPage() {
  const { t } = useTranslation(['auth', 'contract']);
  const [tab, setTab] = useAuthTab();
  // Spec §2: hero text, title and description follow the tab.
  useDocumentMeta(t(`meta.${tab}.title`), t(`meta.${tab}.description`));

  return (
    // A phone's first screen holds the login form (issue 18): a compact hero and less padding below sm.
    <div className="mx-auto grid w-full max-w-6xl gap-4 px-4 py-4 sm:gap-8 sm:px-6 sm:py-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:py-16">
      <AuthHero tab={tab} />
      <Card className="min-w-0">
        <Tabs value={tab} onValueChange={setTab}>
          <CardHeader className="gap-4">
            <TabsList aria-label={t('tabs.label')}>
              <TabsTrigger value="login">{t('tabs.login')}</TabsTrigger>
              <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
            </TabsList>
          </CardHeader>
          <CardContent>
            <TabsContent value="login" className="mt-0 flex flex-col gap-5">
              <CardTitle>{t('login.title')}</CardTitle>
              <LoginForm />
            </TabsContent>
            <TabsContent value="register" className="mt-0 flex flex-col gap-5">
              <div className="flex flex-col gap-1.5">
                <CardTitle>{t('register.title')}</CardTitle>
                <CardDescription>{t('register.description')}</CardDescription>
              </div>
              <RegisterForm />
            </TabsContent>
          </CardContent>
        </Tabs>
      </Card>
    </div>
  );
}

function AuthHero({ tab }: { tab: AuthTab }) {
  const { t } = useTranslation('auth');
  const points = [
    { Icon: Euro, text: t('hero.points.pay') },
    { Icon: CalendarClock, text: t('hero.points.term') },
    { Icon: BadgeCheck, text: t('hero.points.legal') },
  ];
  return (
    <section className="flex flex-col gap-3 rounded-[var(--radius-card)] bg-primary-700 p-5 text-white sm:gap-6 sm:p-8 lg:self-start">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`hero.${tab}.title`)}</h1>
      <p className="leading-relaxed text-primary-50">{t(`hero.${tab}.text`)}</p>
      {/* The landing page tells these on phones; here they would push the form below the fold. */}
      <ul className="hidden flex-col gap-3 sm:flex">
        {points.map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
