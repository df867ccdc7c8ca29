import { CalendarDays, FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { TabCard } from '@/components/ui/card';
import { formatDate, formatShortDate } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { MONTHLY_PAY_EUR } from '@/lib/company';
import { formatMoney } from '@/lib/money';
import type { Payment } from '@/types/api';
import { payslipHref, useOwnPayments } from '../api/get-payments';
import { PaymentStatusBadge } from './PaymentStatusBadge';

/**
 * Issue 23: each payment's period, due date, gross, withholdings, net and status, with the payslip once paid.
 * A table on wide screens, one card per payment on phones (DataTable).
 */
export function PaymentScheduleCard() {
  const { t, i18n } = useTranslation('payments');
  const language = currentLanguage(i18n);
  const payments = useOwnPayments();
  const money = (amount: string) => formatMoney(amount, language);

  const columns: DataTableColumn<Payment>[] = [
    {
      id: 'period',
      header: t('schedule.period'),
      cell: (payment) => (
        <span className="font-medium text-slate-900">
          {t('schedule.periodValue', {
            start: formatShortDate(payment.period.start, language),
            end: formatShortDate(payment.period.end, language),
          })}
        </span>
      ),
    },
    {
      id: 'dueDate',
      header: t('schedule.dueDate'),
      className: 'md:whitespace-nowrap',
      cell: (payment) => <time dateTime={payment.dueDate}>{formatDate(payment.dueDate, language)}</time>,
    },
    {
      id: 'gross',
      header: t('schedule.gross'),
      className: 'tabular-nums md:text-right md:whitespace-nowrap',
      cell: (payment) => money(payment.gross),
    },
    {
      id: 'withholdings',
      header: t('schedule.withholdings'),
      className: 'md:min-w-[12rem]',
      cell: (payment) => (
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs text-slate-600 tabular-nums">
          <dt>{t('schedule.pension')}</dt>
          <dd className="text-right">{money(payment.pension)}</dd>
          <dt>{t('schedule.unemploymentInsurance')}</dt>
          <dd className="text-right">{money(payment.unemploymentInsurance)}</dd>
          <dt>{t('schedule.incomeTax')}</dt>
          <dd className="text-right">{money(payment.incomeTax)}</dd>
        </dl>
      ),
    },
    {
      id: 'net',
      header: t('schedule.net'),
      className: 'md:text-right md:whitespace-nowrap',
      cell: (payment) => (
        <span className="font-semibold tabular-nums text-slate-900" data-testid="payment-net">
          {money(payment.net)}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('schedule.status'),
      cell: (payment) => (
        <span className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={payment.status} />
          {payment.status === 'paid' && payment.paidAt && (
            <span className="text-xs text-slate-500">{t('schedule.paidOn', { date: formatDate(payment.paidAt, language) })}</span>
          )}
          {payment.status === 'failed' && payment.failureReason && (
            <span className="break-words text-xs text-danger-700" data-testid="payment-failure">
              {payment.failureReason}
            </span>
          )}
        </span>
      ),
    },
  ];

  return (
    <TabCard title={t('schedule.title')} description={t('schedule.description', { amount: formatMoney(MONTHLY_PAY_EUR, language) })}>
      <DataTable
        caption={t('schedule.title')}
        columns={columns}
        rows={payments.data}
        rowKey={(payment) => payment.id}
        rowTestId="payment-row"
        status={{
          isLoading: payments.isPending,
          error: payments.error,
          loadingLabel: t('schedule.loading'),
          errorTitle: t('schedule.loadFailed'),
        }}
        empty={
          <EmptyState icon={CalendarDays} title={t('schedule.empty.title')}>
            {t('schedule.empty.text')}
          </EmptyState>
        }
        actions={{
          header: t('schedule.payslip'),
          hideHeader: true,
          cell: (payment) => {
            const href = payslipHref(payment, language);
            return (
              href && (
                <a
                  href={href}
                  className={buttonClasses('secondary', 'sm')}
                  aria-label={t('schedule.payslipNamed', { date: formatDate(payment.dueDate, language) })}
                >
                  <FileDown className="h-4 w-4" aria-hidden="true" />
                  {t('schedule.payslip')}
                </a>
              )
            );
          },
        }}
      />
    </TabCard>
  );
}
