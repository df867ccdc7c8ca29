import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MONTHLY_PAY_EUR } from '@/lib/company';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { PaymentScheduleCard } from './PaymentScheduleCard';
import { PayoutDetailsCard } from './PayoutDetailsCard';

/** The dashboard's Payments tab (issue 23): bank details and tax choices, the schedule, and a word on health insurance. */
export function PaymentsTab() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PayoutDetailsCard />
        <HealthInsuranceNote />
      </div>
      <PaymentScheduleCard />
    </div>
  );
}

/** Issue 23: say plainly that the fee alone gives no health insurance (its social tax is below the monthly minimum). */
function HealthInsuranceNote() {
  const { t, i18n } = useTranslation('payments');
  return (
    <aside
      aria-labelledby="health-insurance-title"
      className="flex gap-3 self-start rounded-[var(--radius-card)] border border-amber-200 bg-amber-50 p-5"
      data-testid="health-insurance"
    >
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <h2 id="health-insurance-title" className="font-semibold text-slate-900">
          {t('healthInsurance.title')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-700">{t('healthInsurance.text', { amount: formatMoney(MONTHLY_PAY_EUR, currentLanguage(i18n)) })}</p>
      </div>
    </aside>
  );
}
