import { Download, FileArchive, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { formatDateTime } from '@/lib/dates';
import { type DataExport, useDataExports, useRequestDataExport } from '../api/data-export';

/**
 * Issue 16, Download my data (GDPR Art. 15 and 20): ask for a copy of everything the portal holds about you, see
 * it being prepared (the list is asked again every 2 s while the newest copy is pending), then download the zip
 * until its link expires 7 days later. Times are Europe/Tallinn.
 */
export function DataExportCard() {
  const { t } = useTranslation('dataExport');
  const exports = useDataExports();
  return (
    <TabCard title={t('title')} description={t('description')}>
      <div data-testid="data-export" className="flex flex-col gap-4">
        <QueryState
          query={{ data: exports.data, isLoading: exports.isPending, error: exports.error }}
          loadingLabel={t('loading')}
          errorTitle={t('loadFailed')}
        >
          {(rows) => <ExportState latest={rows[0]} />}
        </QueryState>
      </div>
    </TabCard>
  );
}

function ExportState({ latest }: { latest: DataExport | undefined }) {
  const { t, i18n } = useTranslation('dataExport');
  const request = useRequestDataExport();
  const errorText = useErrorText();
  const ask = () =>
    request.mutate(undefined, {
      onError: (error) => toast({ title: t('requestFailed'), description: errorText(error), variant: 'destructive' }),
    });
  const pending = latest?.status === 'pending';
  const requestButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button variant={variant} className="self-start" disabled={pending || request.isPending} onClick={ask}>
      {label}
    </Button>
  );

  return (
    <>
      <div aria-live="polite" className="flex flex-col gap-3">
        {pending && (
          <p className="flex items-center gap-2 text-slate-700" data-testid="data-export-pending">
            <Loader2 className="h-5 w-5 animate-spin text-primary-500" aria-hidden="true" />
            {t('pending')}
          </p>
        )}
        {latest?.status === 'ready' && latest.downloadUrl && (
          <div className="flex flex-col gap-3" data-testid="data-export-ready">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <FileArchive className="h-5 w-5 text-green-700" aria-hidden="true" />
              {t('ready')}
            </p>
            <a href={latest.downloadUrl} download className={buttonClasses('primary', 'md', 'self-start gap-2')}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t('download')}
            </a>
            {latest.expiresAt && (
              <p className="text-sm text-slate-600">
                {t('availableUntil')}{' '}
                <time dateTime={latest.expiresAt}>{formatDateTime(latest.expiresAt, i18n.language)}</time>
              </p>
            )}
          </div>
        )}
        {latest?.status === 'expired' && (
          <p className="text-slate-700" data-testid="data-export-expired">
            {latest.expiresAt ? t('expiredOn', { date: formatDateTime(latest.expiresAt, i18n.language) }) : t('expired')}
          </p>
        )}
      </div>
      {latest?.status === 'ready'
        ? requestButton(t('requestAgain'), 'secondary')
        : requestButton(request.isPending ? t('requesting') : t('request'), 'primary')}
    </>
  );
}
