import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { scrollToSection } from '@/lib/scroll';
import { FAQ_COLUMNS } from '../content';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

/** Spec §2: 6 questions in two columns of 3; one accordion, so at most one answer is open. */
export function Faq() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection id="faq" aria-labelledby="faq-title" className="border-b border-slate-200 bg-white">
      <div className={sectionInner}>
        <SectionHeading id="faq-title" eyebrow={t('faq.eyebrow')} title={t('faq.title')} />
        <Accordion type="single" collapsible className="grid items-start gap-4 md:grid-cols-2">
          {FAQ_COLUMNS.map((column, index) => (
            <div key={index} className="flex flex-col gap-4" data-testid="faq-column">
              {column.map((key) => (
                <AccordionItem key={key} value={key}>
                  <AccordionTrigger>{t(`faq.items.${key}.question`)}</AccordionTrigger>
                  <AccordionContent>{t(`faq.items.${key}.answer`)}</AccordionContent>
                </AccordionItem>
              ))}
            </div>
          ))}
        </Accordion>
        <div className="mt-10 flex flex-col items-center gap-2 text-center">
          <MessageCircleQuestion className="h-7 w-7 text-primary-500" aria-hidden="true" />
          <p className="font-semibold text-slate-900">{t('faq.moreTitle')}</p>
          <p className="text-slate-600">
            {t('faq.moreText')}{' '}
            <a
              href="#contact"
              onClick={(event) => {
                event.preventDefault();
                scrollToSection('contact');
              }}
              className="font-medium text-primary-700 underline underline-offset-4 hover:text-primary-800"
            >
              {t('faq.moreLink')}
            </a>
          </p>
        </div>
      </div>
    </RevealSection>
  );
}
