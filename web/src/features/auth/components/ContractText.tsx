import { COMPANY, COMPANY_ADDRESS } from '@/lib/company';
import { formatDate } from '@/lib/dates';
import type { Language } from '@/types/api';
import type { ContractDocument } from '../contract-document';

interface ContractTextProps {
  document: ContractDocument;
  language: Language;
  heading: string;
  signedName: string;
  signedIdCode: string;
}

const BLANK = '______________________';

/** One language version of the employment contract: company details, 10 sections, signature block. */
export function ContractText({ document: doc, language, heading, signedName, signedIdCode }: ContractTextProps) {
  const headingId = `contract-version-${language}`;
  return (
    <section lang={language} aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-5">
      <p id={headingId} className="mb-3 text-xs font-semibold uppercase tracking-wide text-primary-700">
        {heading}
      </p>
      <h3 className="text-lg font-semibold text-slate-900">{doc.title}</h3>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">{doc.dateLabel}</dt>
        <dd>{formatDate(new Date(), language)}</dd>
        <dt className="font-medium text-slate-700">{doc.employerLabel}</dt>
        <dd>{COMPANY.name}</dd>
        <dt className="font-medium text-slate-700">{doc.registryCodeLabel}</dt>
        <dd>{COMPANY.registryCode}</dd>
        <dt className="font-medium text-slate-700">{doc.addressLabel}</dt>
        <dd>{COMPANY_ADDRESS}</dd>
      </dl>
      <p className="mt-4 text-sm leading-relaxed text-slate-700">{doc.intro}</p>
      <ol className="mt-4 flex flex-col gap-4">
        {doc.sections.map((section, index) => (
          <li key={section.title}>
            <h4 className="text-sm font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h4>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-1 text-sm leading-relaxed text-slate-700">
                {paragraph}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-1 list-disc pl-5 text-sm leading-relaxed text-slate-700">
                {section.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h4 className="text-sm font-semibold text-slate-900">{doc.signatures.title}</h4>
        <div className="mt-3 grid gap-4 text-sm sm:grid-cols-2">
          <SignatureParty
            title={doc.signatures.employer}
            rows={[
              [doc.signatures.authorizedSignatory, `${doc.signatures.authorizedSignatoryName}, ${COMPANY.name}`],
              [doc.signatures.digitalSignature, doc.signatures.signedDigitally],
            ]}
          />
          <SignatureParty
            title={doc.signatures.employee}
            rows={[
              [doc.signatures.name, signedName || BLANK],
              [doc.signatures.personalId, signedIdCode || BLANK],
              [doc.signatures.digitalSignature, BLANK],
            ]}
          />
        </div>
      </div>
    </section>
  );
}

function SignatureParty({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <div>
      <p className="font-semibold text-slate-900">{title}</p>
      <dl className="mt-1 grid gap-1">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-700">{label}:</dt>
            {/* Words wrap whole (issue 18: 'Services' was split); only a value longer than the line breaks inside. */}
            <dd className="min-w-0 break-words" data-testid="signature-value">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
