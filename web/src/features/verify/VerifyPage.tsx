import { CheckCircle2, FileUp, XCircle } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useErrorText } from '@/hooks/use-error-text';
import { formatDateTime } from '@/lib/dates';
import { ACCEPTED_FILES, MAX_VERIFY_BYTES, useVerifyContract, type VerifyResult } from './api/verify-contract';

function GenuineResult({ result }: { result: VerifyResult }) {
  const { t, i18n } = useTranslation('verify');
  const rows: [string, string][] = [
    [t('result.contractId'), String(result.contractId ?? '')],
    [t('result.title'), result.title ?? ''],
    [t('result.signerName'), result.signerName ?? '—'],
    [t('result.signedAt'), result.signedAt ? formatDateTime(result.signedAt, i18n.language) : '—'],
    [t('result.sha256'), result.sha256 ?? ''],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-lg font-semibold text-success-600">
        <CheckCircle2 className="h-6 w-6 shrink-0" aria-hidden="true" />
        {t('result.valid')}
      </p>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * Issue 33: an ASiC-E container, as libdigidocpp and the portal found it: whether its signature is valid, who
 * signed (name and ID code), when (the time-stamp's time), its profile, whether the signed file is a contract
 * the portal stored, and, when it is not valid, why.
 */
function ContainerResult({ result }: { result: VerifyResult }) {
  const { t, i18n } = useTranslation('verify');
  const rows: [string, string][] = [
    [t('container.signerName'), result.signerName ?? '—'],
    [t('container.signerIdCode'), result.signerIdCode ?? '—'],
    [t('container.timestamp'), result.signedAt ? formatDateTime(result.signedAt, i18n.language) : '—'],
    [t('container.profile'), result.profile ?? '—'],
    [t('container.portalContract'), result.portalContract ? t('container.matches') : t('container.noMatch')],
  ];
  if (result.valid && result.contractId) rows.push([t('result.contractId'), String(result.contractId)]);
  if (result.valid && result.title) rows.push([t('result.title'), result.title]);
  const problems = result.problems ?? [];
  return (
    <div className="flex flex-col gap-4" data-testid="verify-container" data-valid={result.valid}>
      {result.valid ? (
        <p className="flex items-center gap-2 text-lg font-semibold text-success-600">
          <CheckCircle2 className="h-6 w-6 shrink-0" aria-hidden="true" />
          {t('container.valid')}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-lg font-semibold text-danger-700">
            <XCircle className="h-6 w-6 shrink-0" aria-hidden="true" />
            {t('container.invalid')}
          </p>
          <p className="text-slate-700">{t(`reasons.${result.reason ?? 'signature_invalid'}`)}</p>
        </>
      )}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {!result.valid && problems.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-600">{t('container.problems')}</p>
          {/* libdigidocpp's own words, in English: technical details for whoever checks the file. */}
          <ul lang="en" className="mt-1 list-disc break-words pl-5 text-slate-700">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function NotGenuineResult({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('verify');
  return (
    <div className="flex flex-col gap-2">
      <p className="flex items-center gap-2 text-lg font-semibold text-danger-700">
        <XCircle className="h-6 w-6 shrink-0" aria-hidden="true" />
        {t('result.invalid')}
      </p>
      <p className="text-slate-700">{t(`reasons.${result.reason ?? 'not_sealed'}`)}</p>
    </div>
  );
}

/**
 * Issue 13: anyone can check whether a contract PDF is a genuine, unchanged copy sealed by the portal; issue 33: or
 * whether a contract's ASiC-E container (.asice) holds a valid qualified electronic signature.
 */
export function VerifyPage() {
  const { t } = useTranslation('verify');
  useDocumentMeta(t('title'), t('description'));
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const verification = useVerifyContract();
  const errorText = useErrorText();

  const check = (file: File | undefined) => {
    if (!file) return;
    verification.reset();
    setTooLarge(file.size > MAX_VERIFY_BYTES);
    if (file.size <= MAX_VERIFY_BYTES) verification.mutate(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };

  const result = verification.data;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 md:py-16" aria-labelledby="verify-title">
      <h1 id="verify-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {t('title')}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{t('intro')}</p>

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="verify-drop-zone"
        className={`mt-8 flex cursor-pointer flex-col items-center gap-3 rounded-[var(--radius-card)] border-2 border-dashed p-10 text-center focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary-500 ${
          dragging ? 'border-primary-500 bg-primary-50' : 'border-slate-300 bg-white'
        }`}
      >
        <FileUp className="h-10 w-10 text-primary-600" aria-hidden="true" />
        <span className="font-medium text-slate-900">{t('dropZone.label')}</span>
        <span className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 shadow-sm">
          {t('dropZone.choose')}
        </span>
        <span id={hintId} className="text-sm text-slate-600">
          {t('dropZone.hint')}
        </span>
        <input
          id={inputId}
          type="file"
          accept={ACCEPTED_FILES}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            check(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>

      <section aria-live="polite" aria-labelledby="verify-result-title" className="mt-8">
        <h2 id="verify-result-title" className="sr-only">
          {t('result.heading')}
        </h2>
        {(verification.isPending || tooLarge || verification.isError || result) && (
          <Card>
            <CardContent className="pt-6">
              {verification.isPending && (
                <p className="flex items-center gap-2 text-slate-700">
                  <Spinner /> {t('checking')}
                </p>
              )}
              {tooLarge && <p className="text-danger-700">{t('tooLarge')}</p>}
              {verification.isError && <p className="text-danger-700">{errorText(verification.error)}</p>}
              {result &&
                (result.kind === 'asice' ? (
                  <ContainerResult result={result} />
                ) : result.valid ? (
                  <GenuineResult result={result} />
                ) : (
                  <NotGenuineResult result={result} />
                ))}
            </CardContent>
          </Card>
        )}
      </section>
    </article>
  );
}
