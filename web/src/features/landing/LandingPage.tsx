import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { Benefits } from './sections/Benefits';
import { Contact } from './sections/Contact';
import { Faq } from './sections/Faq';
import { Hero } from './sections/Hero';
import { HowItWorks } from './sections/HowItWorks';
import { Registration } from './sections/Registration';
import { Testimonials } from './sections/Testimonials';
import { TrustedBy } from './sections/TrustedBy';

/**
 * The public landing page (spec §2): hero, trusted-by strip, how it works, benefits, testimonials, FAQ,
 * contact and the registration call to action, in that order.
 */
export function LandingPage() {
  const { t } = useTranslation(['landing', 'contact']);
  useDocumentMeta(t('landing:meta.title'), t('landing:meta.description'));

  return (
    <>
      <Hero />
      <TrustedBy />
      <HowItWorks />
      <Benefits />
      <Testimonials />
      <Faq />
      <Contact />
      <Registration />
    </>
  );
}
