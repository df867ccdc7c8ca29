import { useTranslation } from 'react-i18next';
import { PRIMARY_BENEFITS, SECONDARY_BENEFITS } from '../content';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

export function Benefits() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection id="benefits" aria-labelledby="benefits-title" className="border-b border-slate-200 bg-white">
      <div className={sectionInner}>
        <SectionHeading
          id="benefits-title"
          eyebrow={t('benefits.eyebrow')}
          title={t('benefits.title')}
          subtitle={t('benefits.subtitle')}
        />
        <ul className="grid gap-6 md:grid-cols-3" data-testid="benefits-primary">
          {PRIMARY_BENEFITS.map(({ key, image, Icon }) => (
            <li key={key} className="flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-sm">
              <img
                src={image}
                alt={t(`benefits.primary.${key}.imageAlt`)}
                width={400}
                height={240}
                className="aspect-[5/3] h-auto w-full border-b border-slate-200 bg-primary-50 object-cover"
              />
              <div className="flex flex-col gap-3 p-6">
                <div className="flex items-center gap-3">
                  <Icon className="h-5 w-5 shrink-0 text-primary-500" aria-hidden="true" />
                  <h3 className="text-lg font-semibold text-slate-900">{t(`benefits.primary.${key}.title`)}</h3>
                </div>
                <p className="text-sm leading-relaxed text-slate-600">{t(`benefits.primary.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <ul className="mt-6 grid gap-6 md:grid-cols-3" data-testid="benefits-secondary">
          {SECONDARY_BENEFITS.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-5">
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-white text-primary-700 shadow-sm">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{t(`benefits.secondary.${key}.title`)}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(`benefits.secondary.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}
