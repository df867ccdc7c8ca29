import { ChevronDown, MessageCircleQuestion } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollToSection } from '@/lib/scroll';
import { cn } from '@/lib/utils';
import { FAQ_COLUMNS } from '../content';
import { RevealSection } from '../Reveal';
import { SectionHeading, sectionInner } from './SectionHeading';

/**
 * One question of the accordion (WAI-ARIA accordion pattern): a heading's button that shows or hides its answer.
 * Plain elements rather than the Radix accordion, which would add 5 KB gzipped to the landing page (issue 18).
 */
function FaqItem({ id, open, onToggle }: { id: string; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('landing');
  const state = open ? 'open' : 'closed';
  return (
    <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-sm" data-state={state}>
      <h3 className="flex">
        <button
          type="button"
          id={`faq-${id}-question`}
          aria-expanded={open}
          aria-controls={`faq-${id}-answer`}
          data-state={state}
          onClick={onToggle}
          className={cn(
            'group flex flex-1 items-center justify-between gap-4 rounded-[var(--radius-card)] px-5 py-4 text-left',
            'text-base font-medium text-slate-900 hover:text-primary-700',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
          )}
        >
          {t(`faq.items.${id}.question`)}
          <ChevronDown
            className="h-5 w-5 shrink-0 text-slate-500 transition-transform duration-200 group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        </button>
      </h3>
      <div
        id={`faq-${id}-answer`}
        role="region"
        aria-labelledby={`faq-${id}-question`}
        hidden={!open}
        data-state={state}
        className="overflow-hidden data-[state=open]:animate-fade-in"
      >
        {/* A closed answer is not in the page at all, as with the Radix accordion before (find-in-page, tests). */}
        {open && <div className="px-5 pb-5 text-sm leading-relaxed text-slate-600">{t(`faq.items.${id}.answer`)}</div>}
      </div>
    </div>
  );
}

/** Spec §2: 6 questions in two columns of 3; one accordion, so at most one answer is open. */
export function Faq() {
  const { t } = useTranslation('landing');
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <RevealSection id="faq" aria-labelledby="faq-title" className="border-b border-slate-200 bg-white">
      <div className={sectionInner}>
        <SectionHeading id="faq-title" eyebrow={t('faq.eyebrow')} title={t('faq.title')} />
        <div className="grid items-start gap-4 md:grid-cols-2">
          {FAQ_COLUMNS.map((column, index) => (
            <div key={index} className="flex flex-col gap-4" data-testid="faq-column">
              {column.map((key) => (
                <FaqItem key={key} id={key} open={openId === key} onToggle={() => setOpenId(openId === key ? null : key)} />
              ))}
            </div>
          ))}
        </div>
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
