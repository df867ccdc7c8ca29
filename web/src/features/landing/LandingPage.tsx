import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Sections in spec §2 order; their content comes with the landing-page issue. */
const SECTIONS = ['how-it-works', 'benefits', 'faq', 'contact', 'registration'] as const;

export function LandingPage() {
  const { t } = useTranslation('landing');
  useDocumentMeta(t('meta.title'), t('meta.description'));

  return (
    <>
      <section className="border-b border-slate-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:items-center">
          <div className="flex flex-col gap-6">
            <span className="w-fit rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-700">
              {t('hero.badge')}
            </span>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('hero.title')}</h1>
            <p className="max-w-prose text-lg text-slate-600">{t('hero.subtitle')}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/auth">
                  {t('hero.start')}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#how-it-works">{t('hero.learnMore')}</a>
              </Button>
            </div>
          </div>
          <div className="rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-6">
            <div className="flex items-start gap-3">
              <ShieldCheck className="h-6 w-6 shrink-0 text-primary-500" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900">{t('hero.legalTitle')}</p>
                <p className="text-sm text-slate-600">{t('hero.legalText')}</p>
              </div>
            </div>
          </div>
        </div>
      </section>
      {SECTIONS.map((id) => (
        <section key={id} id={id} className="border-b border-slate-200 last:border-b-0">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 className="text-2xl font-semibold text-slate-900">{t(`sections.${id}`)}</h2>
          </div>
        </section>
      ))}
    </>
  );
}
