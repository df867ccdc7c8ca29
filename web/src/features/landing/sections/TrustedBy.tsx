import { Globe2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRUSTED_COUNTRIES } from '../content';
import { RevealSection } from '../Reveal';

export function TrustedBy() {
  const { t } = useTranslation('landing');
  return (
    <RevealSection aria-labelledby="trusted-title" className="border-b border-slate-200 bg-white" data-testid="trusted-by">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-5 px-4 py-10 sm:px-6">
        <h2 id="trusted-title" className="text-center text-sm font-semibold uppercase tracking-wider text-slate-600">
          {t('trusted.title')}
        </h2>
        <ul className="flex flex-wrap justify-center gap-x-3 gap-y-3">
          {TRUSTED_COUNTRIES.map((code) => (
            <li
              key={code}
              className="flex items-center gap-2 rounded-full border border-slate-200 bg-slate-50 px-4 py-2 text-sm font-medium text-slate-700"
            >
              <Globe2 className="h-4 w-4 text-primary-500" aria-hidden="true" />
              {t(`trusted.countries.${code}`)}
            </li>
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}
