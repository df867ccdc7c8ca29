import { ArrowLeft, CheckCircle2, FileDown, Landmark, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDate, formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { PayRun, PayRunLine } from '@/types/api';
import { approveRun, downloadUrls, markRunPaid, useDeletePayRun, usePayRun, useRunAction } from '../api/pay-runs';
import { ConfirmRunAction } from './ConfirmRunAction';
import { DateFormDialog } from './DateFormDialog';
import { LineFailedDialog } from './LineFailedDialog';
import { LineStatusBadge, RunStatusBadge } from './StatusBadges';

/** Issue 23: a run's lines with totals, and what can be done with it in its state. */
export function RunDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('payroll');
  const run = usePayRun(id);
  const errorText = useErrorText();

  return (
    <div className="flex flex-col gap-6" data-testid="pay-run">
      <Button variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('run.back')}
      </Button>
      {run.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t('run.loading')} />
        </div>
      ) : run.isError ? (
        <LoadError title={t('run.loadFailed')}>{errorText(run.error)}</LoadError>
      ) : (
        <RunView run={run.data} onDeleted={onBack} />
      )}
    </div>
  );
}

function RunView({ run, onDeleted }: { run: PayRun; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('payroll');
  const language = currentLanguage(i18n);
  const money = (amount: string) => formatMoney(amount, language);
  const { totals } = run;

  return (
    <>
      <Card>
        <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
          <div className="flex flex-col gap-1">
            <CardTitle>{t('runs.name', { date: formatDate(run.payDate, language) })}</CardTitle>
            <p className="text-sm text-slate-600">
              {t('run.created', { date: formatDateTime(run.createdAt, language) })}
              {run.approvedAt && <> · {t('run.approved', { date: formatDateTime(run.approvedAt, language) })}</>}
              {run.executionDate && <> · {t('run.executed', { date: formatDate(run.executionDate, language) })}</>}
            </p>
          </div>
          <RunStatusBadge status={run.status} />
        </CardHeader>
        <CardContent className="flex flex-col gap-6 px-4 sm:px-6">
          <RunActions run={run} onDeleted={onDeleted} />
          <section aria-labelledby="run-totals">
            <h3 id="run-totals" className="mb-3 font-semibold text-slate-900">
              {t('run.totals')}
            </h3>
            <DescriptionList className="lg:grid-cols-4" >
              <DescriptionItem label={t('run.lineCount')}>
                <span data-testid="total-lines">{totals.lineCount}</span>
              </DescriptionItem>
              <DescriptionItem label={t('columns.gross')}>{money(totals.gross)}</DescriptionItem>
              <DescriptionItem label={t('columns.pension')}>{money(totals.pension)}</DescriptionItem>
              <DescriptionItem label={t('columns.unemploymentInsurance')}>{money(totals.unemploymentInsurance)}</DescriptionItem>
              <DescriptionItem label={t('columns.incomeTax')}>{money(totals.incomeTax)}</DescriptionItem>
              <DescriptionItem label={t('columns.net')}>
                <span className="font-semibold" data-testid="total-net">
                  {money(totals.net)}
                </span>
              </DescriptionItem>
              <DescriptionItem label={t('columns.socialTax')}>{money(totals.socialTax)}</DescriptionItem>
            </DescriptionList>
            {totals.blockedCount > 0 && (
              <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="blocked-note">
                {t('run.blockedNote', { count: totals.blockedCount })}
              </p>
            )}
          </section>
        </CardContent>
      </Card>
      <RunLines run={run} />
    </>
  );
}

function RunActions({ run, onDeleted }: { run: PayRun; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('payroll');
  const language = currentLanguage(i18n);
  const failureToast = useFailureToast();
  const approve = useRunAction(approveRun);
  const paid = useRunAction((executionDate: string) => markRunPaid(run.id, { executionDate }));
  const remove = useDeletePayRun();
  const values = { date: formatDate(run.payDate, language), count: run.totals.lineCount - run.totals.blockedCount };
  const files = downloadUrls(run.id);

  const withToasts = (promise: Promise<unknown>, done: string, failed: string) =>
    promise.then(
      () => toast({ title: t(done) }),
      (error: unknown) => {
        failureToast(t(failed), error);
        throw error;
      },
    );

  if (run.status === 'draft') {
    return (
      <div className="flex flex-wrap gap-2">
        <ConfirmRunAction
          keyPrefix="approve"
          values={values}
          icon={<CheckCircle2 className="h-4 w-4" aria-hidden="true" />}
          onConfirm={() => withToasts(approve.mutateAsync(run.id), 'approve.done', 'approve.failed')}
        />
        <ConfirmRunAction
          keyPrefix="delete"
          values={values}
          variant="destructive"
          icon={<Trash2 className="h-4 w-4" aria-hidden="true" />}
          onConfirm={() => withToasts(remove.mutateAsync(run.id), 'delete.done', 'delete.failed').then(onDeleted)}
        />
      </div>
    );
  }
  if (run.status !== 'approved' && run.status !== 'paid') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={files.sepa} className={buttonClasses('secondary')} download>
        <FileDown className="h-4 w-4" aria-hidden="true" />
        {t('run.sepa')}
      </a>
      <a href={files.tsd} className={buttonClasses('secondary')} download>
        <FileDown className="h-4 w-4" aria-hidden="true" />
        {t('run.tsd')}
      </a>
      {run.status === 'approved' && (
        <DateFormDialog
          keyPrefix="paid"
          field="executionDate"
          onSubmit={(date) => paid.mutateAsync(date).then(() => toast({ title: t('paid.done') }))}
          trigger={
            <Button>
              <Landmark className="h-4 w-4" aria-hidden="true" />
              {t('paid.open')}
            </Button>
          }
        />
      )}
    </div>
  );
}

function RunLines({ run }: { run: PayRun }) {
  const { t, i18n } = useTranslation('payroll');
  const language = currentLanguage(i18n);
  const money = (amount: string) => formatMoney(amount, language);
  const canFail = (line: PayRunLine) => (run.status === 'approved' || run.status === 'paid') && (line.status === 'ready' || line.status === 'paid');

  const columns: DataTableColumn<PayRunLine>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      phoneLabel: false,
      className: 'md:min-w-[12rem]',
      cell: (line) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium text-slate-900">{line.fullName}</span>
          <span className="text-xs text-slate-500">{line.company.name}</span>
          {line.ibanMasked && <span className="text-xs tabular-nums text-slate-500">{line.ibanMasked}</span>}
        </span>
      ),
    },
    {
      id: 'dueDate',
      header: t('columns.dueDate'),
      className: 'md:whitespace-nowrap',
      cell: (line) => <time dateTime={line.dueDate}>{formatDate(line.dueDate, language)}</time>,
    },
    { id: 'gross', header: t('columns.gross'), className: 'tabular-nums md:text-right md:whitespace-nowrap', cell: (line) => money(line.gross) },
    {
      id: 'withholdings',
      header: t('columns.withholdings'),
      className: 'md:min-w-[11rem]',
      cell: (line) => (
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs text-slate-600 tabular-nums">
          <dt>{t('columns.pension')}</dt>
          <dd className="text-right">{money(line.pension)}</dd>
          <dt>{t('columns.unemploymentInsurance')}</dt>
          <dd className="text-right">{money(line.unemploymentInsurance)}</dd>
          <dt>{t('columns.incomeTax')}</dt>
          <dd className="text-right">{money(line.incomeTax)}</dd>
        </dl>
      ),
    },
    {
      id: 'net',
      header: t('columns.net'),
      className: 'md:text-right md:whitespace-nowrap',
      cell: (line) => <span className="font-semibold tabular-nums text-slate-900">{money(line.net)}</span>,
    },
    { id: 'socialTax', header: t('columns.socialTax'), className: 'tabular-nums md:text-right md:whitespace-nowrap', cell: (line) => money(line.socialTax) },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (line) => (
        <span className="flex flex-col items-start gap-1">
          <LineStatusBadge status={line.status} />
          {line.reason && (
            <span className="break-words text-xs text-slate-700" data-testid="line-reason">
              {t(`reasons.${line.reason}`, { defaultValue: line.reason })}
            </span>
          )}
        </span>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">{t('run.lines')}</CardTitle>
      </CardHeader>
      <CardContent className="px-4 pb-6 sm:px-6">
        <DataTable
          caption={t('run.lines')}
          columns={columns}
          rows={run.lines}
          rowKey={(line) => line.id}
          rowTestId="pay-run-line"
          empty={<p className="py-6 text-center text-sm text-slate-600">{t('run.noLines')}</p>}
          actions={{
            header: t('columns.actions'),
            hideHeader: true,
            cell: (line) => canFail(line) && <LineFailedDialog runId={run.id} line={line} />,
          }}
        />
      </CardContent>
    </Card>
  );
}
