import { Quote, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TESTIMONIAL_STARS, TESTIMONIALS } from '../content';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection id="testimonials" aria-labelledby="testimonials-title" className="border-b border-slate-200 bg-slate-50">
      <div className={sectionInner}>
        <SectionHeading id="testimonials-title" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} />
        <ul className="grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((key) => (
            <li key={key} data-testid="testimonial">
              <figure className="flex h-full flex-col gap-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <div className="flex items-center justify-between gap-4">
                  <div className="flex gap-0.5" role="img" aria-label={t('testimonials.rating')}>
                    {Array.from({ length: TESTIMONIAL_STARS }, (_, i) => (
                      <Star key={i} className="h-5 w-5 fill-amber-400 text-amber-400" aria-hidden="true" data-testid="star" />
                    ))}
                  </div>
                  <Quote className="h-8 w-8 text-primary-200" aria-hidden="true" />
                </div>
                <blockquote className="flex-1 text-base leading-relaxed text-slate-700">
                  <p>“{t(`testimonials.items.${key}.quote`)}”</p>
                </blockquote>
                <figcaption className="flex items-center gap-3 border-t border-slate-100 pt-4">
                  <span
                    className="grid h-10 w-10 place-items-center rounded-full bg-primary-100 font-semibold text-primary-800"
                    aria-hidden="true"
                  >
                    {t(`testimonials.items.${key}.name`).charAt(0)}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">{t(`testimonials.items.${key}.name`)}</span>
                    <span className="text-sm text-slate-600">{t(`testimonials.items.${key}.place`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}
