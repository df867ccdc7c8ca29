import { AlertCircle, Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Spec §2: unknown routes show this card, with the spec's texts; and a way home (issue 18). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentMeta(t('notFound.title'));
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="p-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-danger-600" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
          </div>
          <p className="text-sm text-slate-600">{t('notFound.text')}</p>
          <Link to="/" className={buttonClasses('secondary', 'sm', 'mt-6')}>
            <Home className="h-4 w-4" aria-hidden="true" />
            {t('notFound.home')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
