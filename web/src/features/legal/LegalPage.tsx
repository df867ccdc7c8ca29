import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/hooks/use-document-meta';

export type LegalKind = 'terms' | 'privacy' | 'cookies' | 'gdpr';

/** Placeholder: the legal texts (spec §2 legal pages) come with a later issue. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('legal');
  useDocumentMeta(t(`${kind}.title`), t(`${kind}.description`));
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(`${kind}.title`)}</h1>
    </div>
  );
}
