import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Landmark, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input, inputClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state-message';
import { toast } from '@/components/ui/use-toast';
import { useErrorText } from '@/hooks/use-error-text';
import { useServerMessage } from '@/hooks/use-server-message';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { useUser } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/dates';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import type { PayoutDetails } from '@/types/api';
import { PENSION_RATES, usePayoutDetails, useSavePayoutDetails, type PayoutDetailsInput } from '../api/payout-details';

const ERRORS = 'payments:details.errors';

/**
 * Issue 23 "Bank details and tax choices": the form checks only what it can (an IBAN's shape, a name); the
 * server checks the IBAN itself (check digits, the country's length, SEPA countries) and answers 422 per field.
 */
const payoutSchema = z
  .object({
    iban: z
      .string()
      .transform((iban) => iban.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().min(1, `${ERRORS}.ibanRequired`).regex(/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/, `${ERRORS}.ibanFormat`)),
    accountHolder: z.string().trim().min(1, `${ERRORS}.accountHolderRequired`),
    basicExemption: z.boolean(),
    pensionRate: z.enum(['0', '2', '4', '6']),
  })
  .transform((values): PayoutDetailsInput => ({ ...values, pensionRate: Number(values.pensionRate) }));

type Draft = z.input<typeof payoutSchema>;
const FIELDS = ['iban', 'accountHolder', 'basicExemption', 'pensionRate'] as const;

/** The basic exemption's monthly maximum in 2026, as the hint names it (payroll applies the dated rate table). */
const BASIC_EXEMPTION_2026_EUR = 700;

function draftOf(details: PayoutDetails | null, fullName: string): Draft {
  return {
    iban: details?.iban ?? '',
    accountHolder: details?.accountHolder ?? fullName,
    basicExemption: details?.basicExemption ?? false,
    // 2% is the II pillar's rate unless the person chose another.
    pensionRate: String(details?.pensionRate ?? 2) as Draft['pensionRate'],
  };
}

/** The applicant's bank account and tax choices: a form until saved, then the saved values with "Edit". */
export function PayoutDetailsCard() {
  const { t } = useTranslation('payments');
  const details = usePayoutDetails();
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);

  return (
    <Card data-testid="payout-details">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Landmark className="h-5 w-5 text-primary-500" aria-hidden="true" />
          {t('details.title')}
        </CardTitle>
        <CardDescription>{t('details.description')}</CardDescription>
      </CardHeader>
      {details.isPending ? (
        <CardContent className="flex justify-center py-8">
          <Spinner label={t('details.loading')} />
        </CardContent>
      ) : details.isError ? (
        <CardContent className="px-4 sm:px-6">
          <LoadError title={t('details.loadFailed')}>{errorText(details.error)}</LoadError>
        </CardContent>
      ) : details.data && !editing ? (
        <SavedDetails details={details.data} onEdit={() => setEditing(true)} />
      ) : (
        <PayoutDetailsForm details={details.data} onDone={() => setEditing(false)} />
      )}
    </Card>
  );
}

function SavedDetails({ details, onEdit }: { details: PayoutDetails; onEdit: () => void }) {
  const { t, i18n } = useTranslation('payments');
  return (
    <>
      <CardContent className="flex flex-col gap-5 px-4 sm:px-6">
        <p className="flex items-center gap-2 text-sm text-green-800" data-testid="payout-details-saved">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {t('details.saved', { date: formatDateTime(details.updatedAt, i18n.language) })}
        </p>
        <DescriptionList>
          <DescriptionItem label={t('details.iban')}>
            <span className="tabular-nums [overflow-wrap:anywhere]">{details.iban}</span>
          </DescriptionItem>
          <DescriptionItem label={t('details.accountHolder')}>{details.accountHolder}</DescriptionItem>
          <DescriptionItem label={t('details.basicExemptionShort')}>
            {details.basicExemption ? t('details.yes') : t('details.no')}
          </DescriptionItem>
          <DescriptionItem label={t('details.pensionRate')}>{t('details.rate', { rate: details.pensionRate })}</DescriptionItem>
        </DescriptionList>
      </CardContent>
      <CardFooter className="px-4 sm:px-6">
        <Button variant="secondary" onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('details.edit')}
        </Button>
      </CardFooter>
    </>
  );
}

function PayoutDetailsForm({ details, onDone }: { details: PayoutDetails | null; onDone: () => void }) {
  const { t, i18n } = useTranslation('payments');
  const { user } = useUser();
  const save = useSavePayoutDetails();
  const serverMessage = useServerMessage();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Draft, unknown, PayoutDetailsInput>({
    resolver: zodResolver(payoutSchema),
    defaultValues: draftOf(details, user?.fullName ?? ''),
  });

  const onSubmit = (body: PayoutDetailsInput) =>
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: t('details.toast.saved') });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(error, FIELDS, setError);
        toast({
          title: t('details.toast.failed'),
          description: serverMessage(error) ?? t('details.toast.failedText'),
          variant: 'destructive',
        });
      },
    });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('details.title')}>
      <CardContent className="flex flex-col gap-5 px-4 sm:px-6">
        {!details && <p className="text-sm leading-relaxed text-slate-700">{t('details.missing')}</p>}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="payout-iban">{t('details.iban')}</Label>
          <Input
            id="payout-iban"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="tabular-nums"
            {...register('iban')}
            {...invalidProps('payout-iban', errors.iban?.message)}
            aria-describedby={errors.iban ? 'payout-iban-error' : 'payout-iban-hint'}
          />
          <p id="payout-iban-hint" className="text-sm text-slate-500">
            {t('details.ibanHint')}
          </p>
          <FieldError id="payout-iban" message={errors.iban?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="payout-holder">{t('details.accountHolder')}</Label>
          <Input
            id="payout-holder"
            autoComplete="name"
            {...register('accountHolder')}
            {...invalidProps('payout-holder', errors.accountHolder?.message)}
          />
          <FieldError id="payout-holder" message={errors.accountHolder?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-start gap-3">
            <Controller
              control={control}
              name="basicExemption"
              render={({ field }) => (
                <Checkbox
                  id="payout-exemption"
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-describedby="payout-exemption-hint"
                />
              )}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor="payout-exemption">{t('details.basicExemption')}</Label>
              <p id="payout-exemption-hint" className="text-sm leading-relaxed text-slate-600">
                {t('details.basicExemptionHint', { amount: formatMoney(BASIC_EXEMPTION_2026_EUR, currentLanguage(i18n)) })}
              </p>
            </div>
          </div>
          <FieldError id="payout-exemption" message={errors.basicExemption?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="payout-pension">{t('details.pensionRate')}</Label>
          <select
            id="payout-pension"
            className={`${inputClasses} sm:w-48`}
            {...register('pensionRate')}
            {...invalidProps('payout-pension', errors.pensionRate?.message)}
            aria-describedby={errors.pensionRate ? 'payout-pension-error' : 'payout-pension-hint'}
          >
            {PENSION_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {t('details.rate', { rate })}
              </option>
            ))}
          </select>
          <p id="payout-pension-hint" className="text-sm text-slate-500">
            {t('details.pensionRateHint')}
          </p>
          <FieldError id="payout-pension" message={errors.pensionRate?.message} />
        </div>
      </CardContent>
      <CardFooter className="flex-col-reverse items-stretch px-4 sm:flex-row sm:items-center sm:px-6">
        {details && (
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            {t('details.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('details.saving') : t('details.save')}
        </Button>
      </CardFooter>
    </form>
  );
}
