import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from '@/lib/auth/change-language';
import { currentLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** Two-option switch (spec §4: only et and en); the choice applies immediately. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const changeLanguage = useChangeLanguage();
  const active = currentLanguage(i18n);

  return (
    <div role="group" aria-label={t('language.label')} className={cn('inline-flex rounded-lg border border-slate-300 bg-white p-0.5', className)}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={active === lng}
          title={t(`language.${lng}`)}
          onClick={() => changeLanguage(lng)}
          className={cn(
            'min-w-10 rounded-md px-2.5 py-1.5 text-xs font-semibold uppercase tracking-wide transition-colors',
            active === lng ? 'bg-primary-500 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          <span aria-hidden="true">{lng}</span>
          <span className="sr-only">{t(`language.${lng}`)}</span>
        </button>
      ))}
    </div>
  );
}
