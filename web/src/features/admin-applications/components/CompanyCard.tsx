import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CompanyDetails, PaymentSchedule } from '@/components/applications/CompanyDetails';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { isDateFieldValue } from '@/components/ui/date-text';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import type { ApplicationDetail } from '@/types/api';
import { useAssignCompany, type AssignCompanyInput } from '../api/assign-company';
import { useApplicationPayments } from '../api/get-application-payments';
import { useAvailableCompanies } from '../api/get-companies';
import { ClientCaseLine } from './ClientCase';
import { RegisterDocuments } from './RegisterDocuments';

/** Companies can be assigned to approved or active applications only (the server answers 409 otherwise). */
const ASSIGNABLE = new Set(['approved', 'active']);

/** The assigned company and its term, or the "Assign company" control. */
export function CompanyCard({ id, application }: { id: string; application: ApplicationDetail }) {
  const { t } = useTranslation('applications');
  const { t: handover } = useTranslation('handover');
  const [changing, setChanging] = useState(false);
  const { company } = application;
  const assignable = ASSIGNABLE.has(application.status);
  const payments = useApplicationPayments(id, company !== null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Building2 className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('detail.company.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {company ? (
          <>
            <CompanyDetails company={company} />
            {company.client && (
              <DescriptionList>
                <DescriptionItem label={handover('client.label')}>
                  <ClientCaseLine client={company.client} />
                </DescriptionItem>
              </DescriptionList>
            )}
            <RegisterDocuments applicationId={application.id} userId={application.userId} />
            {payments.data && payments.data.length > 0 && (
              <details className="group rounded-lg border border-slate-200 px-4 py-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-800">
                  {t('dashboard:application.schedule.title')}
                </summary>
                <div className="mt-3">
                  <PaymentSchedule payments={payments.data} />
                </div>
              </details>
            )}
          </>
        ) : (
          <p className="text-slate-600">{t('detail.company.none')}</p>
        )}
        {!assignable ? (
          !company && <p className="text-sm text-slate-500">{t('detail.company.notAssignable')}</p>
        ) : company && !changing ? (
          <Button variant="secondary" className="h-auto min-h-10 self-start whitespace-normal py-2 text-left" onClick={() => setChanging(true)}>
            {t('detail.company.change')}
          </Button>
        ) : (
          <AssignCompanyForm
            id={id}
            currentCompany={company ?? undefined}
            onDone={() => setChanging(false)}
            onCancel={company ? () => setChanging(false) : undefined}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** A company must be chosen (the button stays off until then); the registration date is optional. */
/** The registration date is optional; a text that is not a date (the DateField's 'invalid') stops the form. */
const assignSchema = z
  .object({ companyId: z.string().min(1), registrationDate: z.string().refine(isDateFieldValue) })
  .transform(
    ({ companyId, registrationDate }): AssignCompanyInput => ({
      companyId: Number(companyId),
      ...(registrationDate ? { registrationDate } : {}),
    }),
  );

type AssignValues = z.input<typeof assignSchema>;

function AssignCompanyForm({
  id,
  currentCompany,
  onDone,
  onCancel,
}: {
  id: string;
  currentCompany?: { id: number; name: string; registrationCode: string };
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('applications');
  const companies = useAvailableCompanies();
  const currentCompanyId = currentCompany?.id;
  const assign = useAssignCompany(id);
  const failureToast = useFailureToast();
  const { t: common } = useTranslation('common');
  const { control, handleSubmit, resetField } = useForm<AssignValues, unknown, AssignCompanyInput>({
    resolver: zodResolver(assignSchema),
    defaultValues: { companyId: currentCompanyId ? String(currentCompanyId) : '', registrationDate: '' },
  });
  const companyId = useWatch({ control, name: 'companyId' });

  // The application's own company first (to change only its registration date), then the available ones.
  const choices = [
    ...(currentCompany ? [currentCompany] : []),
    ...(companies.data ?? []).filter((company) => company.id !== currentCompanyId),
  ];

  const onSubmit = (body: AssignCompanyInput) =>
    assign.mutate(body, {
      onSuccess: (detail) => {
        toast({ title: t('detail.company.toast.assigned'), description: detail.company?.name });
        resetField('registrationDate');
        onDone();
      },
      onError: (error) => failureToast(t('detail.company.toast.failed'), error),
    });

  if (companies.isPending) return <Spinner />;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit, () =>
        toast({ title: common('dateField.invalid.title'), description: common('dateField.invalid.text'), variant: 'destructive' }),
      )}
      aria-label={t('detail.company.assignTitle')}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 className="font-semibold text-slate-900">{t('detail.company.assignTitle')}</h3>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600">{t('detail.company.noneAvailable')}</p>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="assign-company">{t('detail.company.companyLabel')}</Label>
            <Controller
              control={control}
              name="companyId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger ref={field.ref} id="assign-company" onBlur={field.onBlur}>
                    <SelectValue placeholder={t('detail.company.companyPlaceholder')} />
                  </SelectTrigger>
                  <SelectContent>
                    {choices.map((company) => (
                      <SelectItem key={company.id} value={String(company.id)}>
                        {company.name} ({company.registrationCode})
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="assign-date">{t('detail.company.registrationDate')}</Label>
            <Controller
              control={control}
              name="registrationDate"
              render={({ field }) => (
                <DateField id="assign-date" aria-describedby="assign-date-hint" invalidValue="invalid" {...field} />
              )}
            />
            <p id="assign-date-hint" className="text-sm text-slate-500">
              {t('detail.company.registrationDateHint')}
            </p>
          </div>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {choices.length > 0 && (
          <Button type="submit" disabled={!companyId || assign.isPending}>
            {assign.isPending ? t('detail.company.assigning') : t('detail.company.assign')}
          </Button>
        )}
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('detail.company.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
