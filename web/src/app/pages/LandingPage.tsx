import { useTranslation } from 'react-i18next';
import { ContactDetailsAndForm } from '@/features/contact';
import { Benefits, Contact, Faq, Hero, HowItWorks, Registration, Testimonials, TrustedBy } from '@/features/landing';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/**
 * The public landing page (spec §2): hero, trusted-by strip, how it works, benefits, testimonials, FAQ,
 * contact and the registration call to action, in that order. The contact form is its own feature, composed
 * here.
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
      <Contact>
        <ContactDetailsAndForm />
      </Contact>
      <Registration />
    </>
  );
}
