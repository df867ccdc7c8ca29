import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

/** The contact section's frame; the details and form inside come from the contact feature (composed in app/). */
export function Contact({ children }: { children: ReactNode }) {
  const { t } = useTranslation('contact');
  return (
    <RevealSection id="contact" aria-labelledby="contact-title" className="border-b border-slate-200 bg-slate-50">
      <div className={sectionInner}>
        <SectionHeading id="contact-title" eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
        {children}
      </div>
    </RevealSection>
  );
}
