import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function LoadError({ text }: { text: string }) {
  const { t } = useTranslation('documents');
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4 text-danger-700">
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{t('loadFailed')}</p>
        <p className="break-words text-sm">{text}</p>
      </div>
    </div>
  );
}
