import { useTranslation } from 'react-i18next';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import type { AssignedCompany, Payment } from '@/types/api';

/** Company name, registration code, monthly payment and contract period (spec §2). */
export function CompanyDetails({ company }: { company: AssignedCompany }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  return (
    <DescriptionList>
      <DescriptionItem label={t('application.company.name')}>{company.name}</DescriptionItem>
      <DescriptionItem label={t('application.company.registrationCode')}>
        <span className="tabular-nums">{company.registrationCode}</span>
      </DescriptionItem>
      <DescriptionItem label={t('application.company.monthlyPayment')}>
        {formatMoney(company.monthlyPayment, lng)}
      </DescriptionItem>
      <DescriptionItem label={t('application.company.period')} muted={!company.startDate || !company.endDate}>
        {company.startDate && company.endDate
          ? t('application.company.periodValue', {
              start: formatDate(company.startDate, lng),
              end: formatDate(company.endDate, lng),
            })
          : t('application.company.periodPending')}
      </DescriptionItem>
    </DescriptionList>
  );
}

/** Due dates (Europe/Tallinn), gross and net of each payment, as payroll answers them (issue 23). */
export function PaymentSchedule({ payments: all }: { payments: readonly Payment[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  // A payment cancelled by an early end of the contract is not due any more.
  const payments = all.filter((payment) => payment.status !== 'cancelled');
  if (payments.length === 0) {
    return <p className="text-sm text-slate-600">{t('application.schedule.empty')}</p>;
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('application.schedule.title')}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <th scope="col" className="py-2 pr-4 font-semibold">
            {t('application.schedule.dueDate')}
          </th>
          <th scope="col" className="py-2 pr-4 text-right font-semibold">
            {t('application.schedule.amount')}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {t('application.schedule.net')}
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id} className="border-b border-slate-100 last:border-b-0">
            <td className="py-2.5 pr-4 text-slate-900">
              <time dateTime={payment.dueDate}>{formatDate(payment.dueDate, lng)}</time>
            </td>
            <td className="py-2.5 pr-4 text-right tabular-nums text-slate-900">{formatMoney(payment.gross, lng)}</td>
            <td className="py-2.5 text-right tabular-nums text-slate-900">{formatMoney(payment.net, lng)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
