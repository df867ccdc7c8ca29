import { useQuery } from '@tanstack/react-query';
import { ListChecks, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TabCard } from '@/components/ui/card';
import { EmptyState, LoadError } from '@/components/ui/state-message';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useListParams } from '@/hooks/use-list-params';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate, formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { LIST_SOURCES, NEWEST_FIRST, importList, listsPageOptions, useComplianceMutation } from '../api/compliance';
import { Field } from './fields';
import { fieldProps, useFieldErrors } from './field-helpers';

/** Issue 35: the sanctions list versions, newest first, and an import from a file in its source's official format. */
export function ListsView() {
  const { t, i18n } = useTranslation('compliance');
  const language = currentLanguage(i18n);
  const list = useListParams({ defaults: { sort: 'createdAt', order: 'desc', pageSize: 20 }, sorts: NEWEST_FIRST });
  const page = useQuery(listsPageOptions(list.apiQuery));
  const upload = useComplianceMutation(importList);
  const failureToast = useFailureToast();
  const errors = useFieldErrors(upload.error);
  const [source, setSource] = useState<string>('eu');
  const [file, setFile] = useState<File | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { source, file },
      {
        onSuccess: (done) =>
          toast({ title: t('lists.done', { count: done.entries }), description: t('lists.screened', { count: done.screened, hits: done.newHits }) }),
        onError: (failure) => failureToast(t('lists.failed'), failure),
      },
    );
  };

  return (
    <TabCard title={t('lists.title')} description={t('lists.description')}>
      <form noValidate onSubmit={submit} className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end">
        <Field id="list-source" label={t('lists.source')} error={errors.source}>
          <select {...fieldProps('list-source', errors.source)} value={source} onChange={(event) => setSource(event.target.value)}>
            {LIST_SOURCES.map((value) => (
              <option key={value} value={value}>
                {t(`source.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="list-file" label={t('lists.file')} error={errors.file}>
          <input
            id="list-file"
            type="file"
            className="text-sm"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'list-file-error' : undefined}
          />
        </Field>
        <Button type="submit" disabled={!file || upload.isPending} className="self-start sm:self-end">
          <Upload className="h-4 w-4" aria-hidden="true" />
          {upload.isPending ? t('saving') : t('lists.import')}
        </Button>
      </form>
      {page.isPending ? (
        <Spinner label={t('loading')} />
      ) : page.error ? (
        <LoadError title={t('loadFailed')} />
      ) : page.data.items.length === 0 ? (
        <EmptyState icon={ListChecks} title={t('lists.empty')} />
      ) : (
        <ul className="flex flex-col gap-2 text-sm" data-testid="list-versions">
          {page.data.items.map((version) => (
            <li key={version.id} className="flex flex-col rounded-lg border border-slate-200 p-3 sm:flex-row sm:justify-between">
              <span className="font-medium text-slate-900">
                {t(`source.${version.source}`)} · {t('lists.entries', { count: version.entries })}
              </span>
              <span className="text-slate-700">
                {t('lists.published', { date: formatDate(version.publicationDate, language) })} ·{' '}
                <time dateTime={version.importedAt}>{formatDateTime(version.importedAt, language)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </TabCard>
  );
}
