import { RefreshCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STEPS } from '../content';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection id="how-it-works" aria-labelledby="how-it-works-title" className="border-b border-slate-200 bg-slate-50">
      <div className={sectionInner}>
        <SectionHeading
          id="how-it-works-title"
          eyebrow={t('howItWorks.eyebrow')}
          title={t('howItWorks.title')}
          subtitle={t('howItWorks.subtitle')}
        />
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm">
              <span
                className="grid h-11 w-11 place-items-center rounded-full bg-primary-500 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold text-slate-900">{t(`howItWorks.steps.${step}.title`)}</h3>
              <p className="text-sm leading-relaxed text-slate-600">{t(`howItWorks.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
        <div
          className="mt-8 flex flex-col gap-3 rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-6 sm:flex-row sm:items-start sm:gap-4"
          data-testid="after-six-months"
        >
          <RefreshCcw className="h-6 w-6 shrink-0 text-primary-700" aria-hidden="true" />
          <div>
            <h3 className="font-semibold text-slate-900">{t('howItWorks.afterTitle')}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-700">{t('howItWorks.afterText')}</p>
          </div>
        </div>
      </div>
    </RevealSection>
  );
}
