import { useTranslation } from 'react-i18next';
import { ContactDetailsAndForm } from '@/features/contact';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

export function Contact() {
  const { t } = useTranslation('contact');
  return (
    <RevealSection id="contact" aria-labelledby="contact-title" className="border-b border-slate-200 bg-slate-50">
      <div className={sectionInner}>
        <SectionHeading id="contact-title" eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
        <ContactDetailsAndForm />
      </div>
    </RevealSection>
  );
}
