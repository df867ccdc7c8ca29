import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { COMPANY, COMPANY_ADDRESS } from '@/lib/company';
import { ContactForm } from './ContactForm';

/** Spec §2 contact section: company details, opening hours and the form. The heading is the caller's. */
export function ContactDetailsAndForm() {
  const { t } = useTranslation(['contact', 'common']);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card className="min-w-0 bg-slate-50">
        <CardHeader>
          <CardTitle className="text-lg">{t('details.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-5">
            <DetailRow icon={<Mail className="h-5 w-5" />} label={t('details.email')}>
              <a href={`mailto:${COMPANY.email}`} className="[overflow-wrap:anywhere] text-primary-700 underline-offset-4 hover:underline">
                {COMPANY.email}
              </a>
            </DetailRow>
            <DetailRow icon={<Phone className="h-5 w-5" />} label={t('details.phone')}>
              <a href={`tel:${COMPANY.phone.replace(/\s+/g, '')}`} className="text-primary-700 underline-offset-4 hover:underline">
                {COMPANY.phone}
              </a>
            </DetailRow>
            <DetailRow icon={<MapPin className="h-5 w-5" />} label={t('details.address')}>
              <address className="not-italic">
                {COMPANY.name}
                <br />
                {COMPANY_ADDRESS}
                <br />
                {t('common:footer.country')}
              </address>
            </DetailRow>
            <DetailRow icon={<Clock className="h-5 w-5" />} label={t('details.hours')}>
              <p>{t('details.weekdays')}</p>
              <p>{t('details.weekend')}</p>
            </DetailRow>
          </ul>
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="text-lg">{t('form.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ContactForm />
        </CardContent>
      </Card>
    </div>
  );
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-700" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 text-sm text-slate-700">
        <p className="mb-0.5 font-semibold text-slate-900">{label}</p>
        {children}
      </div>
    </li>
  );
}
