import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Placeholder for the application detail view (spec §2); filled in by a later issue. */
export function ApplicationDetailPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  useDocumentMeta(t('detail.title', { id }));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <Button asChild variant="ghost" className="-ml-3 mb-4">
        <Link to="/admin">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('detail.back')}
        </Link>
      </Button>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('detail.title', { id })}</h1>
    </div>
  );
}
