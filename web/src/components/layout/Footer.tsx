import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { COMPANY, COMPANY_ADDRESS } from '@/lib/company';
import { LanguageSwitcher } from './LanguageSwitcher';
import { LogoMark } from './Logo';
import { socialLinks } from '@/lib/social-links';
import { FacebookIcon, InstagramIcon, LinkedInIcon } from './SocialIcons';

const QUICK_LINKS = [
  { to: '/#how-it-works', key: 'nav.howItWorks' },
  { to: '/#benefits', key: 'nav.benefits' },
  { to: '/#registration', key: 'nav.register' },
  { to: '/#faq', key: 'nav.faq' },
  { to: '/#contact', key: 'nav.contact' },
] as const;

const LEGAL_LINKS = [
  { to: '/terms', key: 'footer.legal.terms' },
  { to: '/privacy', key: 'footer.legal.privacy' },
  { to: '/cookies', key: 'footer.legal.cookies' },
  { to: '/gdpr', key: 'footer.legal.gdpr' },
  { to: '/verify', key: 'footer.legal.verify' },
] as const;

const SOCIAL_ICONS = { Facebook: FacebookIcon, LinkedIn: LinkedInIcon, Instagram: InstagramIcon } as const;

const linkClasses = 'rounded text-sm text-slate-300 hover:text-white';

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  const social = socialLinks();

  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2.5 text-white">
            <LogoMark />
            <span className="text-lg font-semibold">{COMPANY.brand}</span>
          </div>
          <p className="text-sm leading-relaxed">{t('footer.description')}</p>
          {social.length > 0 && (
            <ul className="flex gap-2" aria-label={t('footer.social')}>
              {social.map(({ network, href }) => {
                const Icon = SOCIAL_ICONS[network];
                return (
                  <li key={network}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={network}
                      className="grid h-9 w-9 place-items-center rounded-full bg-slate-800 text-slate-200 hover:bg-primary-500 hover:text-white"
                    >
                      <Icon className="h-4 w-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="flex flex-col gap-2">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal-links">
          <h2 id="footer-legal-links" className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">
            {t('footer.legalTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('footer.contactTitle')}</h2>
          <p className="flex items-start gap-2 text-sm">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              {COMPANY.name}, {COMPANY_ADDRESS}, {t('footer.country')}
            </span>
          </p>
          <a href={`mailto:${COMPANY.email}`} className={linkClasses}>
            {COMPANY.email}
          </a>
          <div className="pt-2">
            <LanguageSwitcher />
          </div>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-400 sm:px-6">
          {t('footer.copyright', { year, company: COMPANY.name })}
        </p>
      </div>
    </footer>
  );
}
