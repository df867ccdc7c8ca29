import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { RevealSection } from '../Reveal';

/** The #registration anchor (footer "Register" link): a final call to action. */
export function Registration() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection id="registration" aria-labelledby="registration-title" className="bg-white">
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 md:py-20">
        <div className="flex flex-col items-start gap-6 rounded-[var(--radius-card)] bg-primary-700 p-8 text-white shadow-sm sm:p-12 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 id="registration-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('registration.title')}
            </h2>
            <p className="mt-3 leading-relaxed text-primary-50">{t('registration.text')}</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row md:flex-col lg:flex-row">
            <Button asChild size="lg" variant="secondary" className="border-white">
              <Link to="/auth?tab=register">
                {t('registration.cta')}
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost" className="text-white hover:bg-primary-800 hover:text-white">
              <Link to="/auth">{t('registration.login')}</Link>
            </Button>
          </div>
        </div>
      </div>
    </RevealSection>
  );
}
