import { ArrowRight, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Spec §1: 500 € gross a month, a fixed 6-month term, the first payment within 5 banking days after the
 * company's registration. */
const FACTS = ['pay', 'term', 'first'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="border-b border-slate-200 bg-gradient-to-b from-white to-primary-50/60">
      <div className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[minmax(0,11fr)_minmax(0,9fr)] lg:items-center">
        <div className="flex min-w-0 flex-col gap-6">
          <span className="w-fit rounded-full border border-primary-200 bg-white px-3 py-1 text-sm font-medium text-primary-700">
            {t('hero.badge')}
          </span>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="max-w-prose text-lg leading-relaxed text-pretty text-slate-600">{t('hero.subtitle')}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
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
          <p className="max-w-prose text-sm text-slate-600" data-testid="hero-qualifier">
            {t('hero.qualifier')}
          </p>
          {/*
           * Issue 37: the three figures sat at different heights once '5 pangapäeva' wrapped on a phone (each column
           * packed its value and label from the bottom). The figures stay on one line, each column as wide as its
           * figure needs, and the columns share two rows (subgrid): the figures on one line, the labels under them.
           */}
          <dl
            className="grid max-w-lg grid-cols-[repeat(3,auto)] grid-rows-[auto_auto] justify-between gap-x-4 gap-y-1 border-t border-slate-200 pt-6"
            data-testid="hero-facts"
          >
            {FACTS.map((fact) => (
              <div key={fact} className="row-span-2 grid min-w-0 grid-rows-subgrid">
                <dt className="row-start-2 text-xs text-slate-600 sm:text-sm">{t(`hero.facts.${fact}.label`)}</dt>
                <dd className="row-start-1 text-xl leading-tight font-bold whitespace-nowrap text-slate-900 sm:text-2xl">
                  {t(`hero.facts.${fact}.value`)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative mx-auto w-full max-w-md lg:max-w-none">
          <img
            src="/images/hero-board.svg"
            alt={t('hero.imageAlt')}
            width={480}
            height={400}
            className="h-auto w-full rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-sm"
          />
          <div
            className="relative -mt-10 mx-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-md sm:absolute sm:-bottom-6 sm:-left-6 sm:mx-0 sm:mt-0 sm:max-w-xs"
            data-testid="legal-card"
          >
            <div className="flex items-start gap-3">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-green-50 text-green-700">
                <ShieldCheck className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold text-slate-900">{t('hero.legalTitle')}</p>
                <p className="text-sm text-slate-600">{t('hero.legalText')}</p>
              </div>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
