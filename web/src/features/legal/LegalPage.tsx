import { Building2, CalendarDays, FileCheck2, Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { COMPANY, COMPANY_ADDRESS } from '@/lib/company';
import { formatVersion, usePolicies } from '@/lib/policies';

export type LegalKind = 'terms' | 'privacy' | 'cookies' | 'gdpr';

/** Spec §2, §9: every legal page was last updated on May 09, 2025. */
export const LEGAL_LAST_UPDATED = '2025-05-09';

/** A list entry: plain text, or a term with its explanation ("Essential cookies — needed to …"). */
export type LegalItem = string | { term: string; text: string };

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: LegalItem[];
}

function useSections(kind: LegalKind): LegalSection[] {
  const { t } = useTranslation('legal');
  const value: unknown = t(`${kind}.sections`, { returnObjects: true });
  return Array.isArray(value) ? (value as LegalSection[]) : [];
}

/** Terms, privacy, cookies and GDPR (spec §2 Legal pages): identity block, date, numbered sections, e-mail. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('legal');
  useDocumentMeta(t(`${kind}.title`), t(`${kind}.description`));
  const sections = useSections(kind);
  const sectionId = (index: number) => `${kind}-section-${index + 1}`;

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 md:py-16" aria-labelledby="legal-title">
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-8">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t(`${kind}.title`)}
        </h1>
        <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="last-updated">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('lastUpdatedLabel')} <time dateTime={LEGAL_LAST_UPDATED}>{t('lastUpdated')}</time>
          </span>
        </p>
        <PolicyVersion kind={kind} />
        <p className="text-lg leading-relaxed text-pretty text-slate-700">{t(`${kind}.intro`)}</p>
      </div>

      <CompanyIdentity />

      <nav aria-labelledby="legal-contents" className="mt-8 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5">
        <h2 id="legal-contents" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('contents')}
        </h2>
        <ol className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.title} className="flex gap-2">
              <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{index + 1}.</span>
              <a href={`#${sectionId(index)}`} className="text-primary-700 underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <ol className="mt-10 flex flex-col gap-10" data-testid="legal-sections">
        {sections.map((section, index) => (
          <li key={section.title}>
            <h2 id={sectionId(index)} className="flex gap-3 text-xl font-semibold text-slate-900">
              <span className="tabular-nums text-primary-700">{index + 1}.</span>
              <span>{section.title}</span>
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-slate-700">
              {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
              {section.items && (
                <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-primary-500">
                  {section.items.map((item) =>
                    typeof item === 'string' ? (
                      <li key={item}>{item}</li>
                    ) : (
                      <li key={item.term}>
                        <strong className="font-semibold text-slate-900">{item.term}</strong> — {item.text}
                      </li>
                    ),
                  )}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ol>

      <aside className="mt-12 flex items-start gap-4 rounded-[var(--radius-card)] border border-primary-200 bg-primary-50 p-6">
        <Mail className="mt-0.5 h-5 w-5 shrink-0 text-primary-700" aria-hidden="true" />
        <div>
          <h2 className="font-semibold text-slate-900">{t('contact.title')}</h2>
          <p className="mt-1 text-slate-700">
            <Trans
              t={t}
              i18nKey="contact.text"
              values={{ email: COMPANY.email }}
              components={{
                mail: <a href={`mailto:${COMPANY.email}`} className="[overflow-wrap:anywhere] font-medium text-primary-700 underline underline-offset-4" />,
              }}
            />
          </p>
        </div>
      </aside>
    </article>
  );
}

/**
 * Issue 16 "Consent": the terms and the privacy policy show their current version (the date of the text an
 * applicant accepts); nothing while it loads or when it cannot be had, as the date above still stands. Nothing
 * either when the version is the date above (issue 37: the Estonian pages showed '09.05.2025' and '9. mai 2025'
 * for one version): only a newer published version adds a line.
 */
function PolicyVersion({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation('legal');
  const versioned = kind === 'terms' || kind === 'privacy';
  const policies = usePolicies({ enabled: versioned });
  const version = versioned ? policies.data?.[kind] : undefined;
  if (!version || version === LEGAL_LAST_UPDATED) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="policy-version">
      <FileCheck2 className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {t('versionLabel')} <time dateTime={version}>{formatVersion(version, i18n.language)}</time>
      </span>
    </p>
  );
}

function CompanyIdentity() {
  const { t } = useTranslation(['legal', 'common']);
  const rows = [
    { label: t('identity.name'), value: COMPANY.name },
    { label: t('identity.registryCode'), value: COMPANY.registryCode },
    { label: t('identity.legalForm'), value: t('identity.legalFormValue') },
    { label: t('identity.address'), value: `${COMPANY_ADDRESS}, ${t('common:footer.country')}` },
    { label: t('identity.email'), value: COMPANY.email },
  ];
  return (
    <section aria-labelledby="legal-identity" className="mt-8 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="legal-identity" className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Building2 className="h-5 w-5 text-primary-500" aria-hidden="true" />
        {t('identity.title')}
      </h2>
      <dl className="grid gap-x-6 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-3">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="mb-3 break-words font-medium text-slate-900 sm:mb-0">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
