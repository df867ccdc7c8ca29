import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonRegion } from '@/components/ui/skeleton';
import { Benefits, Contact, Faq, Hero, HowItWorks, Registration, Testimonials, TrustedBy, WhenNearViewport } from '@/features/landing';
import { useDocumentMeta } from '@/hooks/use-document-meta';

// The form and its validation library sit below the fold: they download as the reader scrolls towards them,
// not with the first screen (issue 18 "First load").
const ContactDetailsAndForm = lazy(() => import('@/features/contact').then((m) => ({ default: m.ContactDetailsAndForm })));

/** The contact details and form's footprint while their code arrives, so nothing below them jumps. */
function ContactSkeleton() {
  return (
    <SkeletonRegion className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Skeleton className="h-80 rounded-[var(--radius-card)]" />
      <Skeleton className="h-[36rem] rounded-[var(--radius-card)]" />
    </SkeletonRegion>
  );
}

/**
 * The public landing page (spec §2): hero, trusted-by strip, how it works, benefits, testimonials, FAQ,
 * contact and the registration call to action, in that order. The contact form is its own feature, composed
 * here.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
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
        <WhenNearViewport placeholder={<ContactSkeleton />}>
          <Suspense fallback={<ContactSkeleton />}>
            <ContactDetailsAndForm />
          </Suspense>
        </WhenNearViewport>
      </Contact>
      <Registration />
    </>
  );
}
