import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type InputHTMLAttributes } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps, useValidationText } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { parseApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useRegister } from '../api/register';
import type { EidIdentity } from '../eid/api';
import { isVerifiedField } from '../eid/fields';
import { EidRegistration, VerifiedInput } from '../eid/EidRegistration';
import { REGISTER_DEFAULTS, registerSchema, type RegisterValues } from '../schemas';
import { ConsentCheckbox } from './ConsentCheckbox';
import { DateOfBirthField } from './DateOfBirthField';
import { EmploymentContractDialog, type ContractSignature } from './EmploymentContractDialog';

type TextFieldName = Exclude<
  keyof RegisterValues,
  'consentTerms' | 'consentPrivacy' | 'employmentContract' | 'contractSignedName' | 'contractSignedIdCode' | 'eidSessionId'
>;

const TEXT_FIELDS: { name: TextFieldName; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { name: 'username', input: { autoComplete: 'username' } },
  { name: 'fullName', input: { autoComplete: 'name' } },
  { name: 'email', input: { type: 'email', autoComplete: 'email' } },
  { name: 'phone', input: { type: 'tel', autoComplete: 'tel' } },
  // Typed as dd.mm.yyyy or picked in the Estonian calendar (DateOfBirthField); sent as yyyy-mm-dd.
  { name: 'dateOfBirth', input: { autoComplete: 'bday' } },
  { name: 'idCode', input: { inputMode: 'numeric', maxLength: 11, autoComplete: 'off' } },
  { name: 'city', input: { autoComplete: 'address-level2' } },
  { name: 'password', input: { type: 'password', autoComplete: 'new-password' } },
  { name: 'confirmPassword', input: { type: 'password', autoComplete: 'new-password' } },
];

/** The signature's own fields are not on the form: their errors show under the contract box. */
const SIGNATURE_FIELDS = ['contractSignedName', 'contractSignedIdCode'] as const;
const SERVER_FIELDS = (Object.keys(REGISTER_DEFAULTS) as Path<RegisterValues>[]).filter(
  (name) => !(SIGNATURE_FIELDS as readonly string[]).includes(name) && name !== 'eidSessionId',
);

/** 409 answers name the clashing value by code rather than by field. */
const CONFLICT_FIELDS: Record<string, TextFieldName> = {
  username_taken: 'username',
};

/**
 * A taken e-mail address or ID code answers 409 account_exists, which names no field on purpose (issue 37: the
 * form must not tell whose ID code has an account), so it is said for the whole form.
 */
const FORM_CODES = new Set(['account_exists']);

const fieldId = (name: string) => `register-${name}`;

export function RegisterForm() {
  const { t, i18n } = useTranslation(['auth', 'contract', 'eid']);
  const registerMutation = useRegister();
  const [contractOpen, setContractOpen] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: REGISTER_DEFAULTS });
  const signedName = useWatch({ control, name: 'contractSignedName' });
  const [verified, setVerified] = useState<EidIdentity | null>(null);
  const onVerified = (person: EidIdentity) => {
    setVerified(person);
    setValue('fullName', person.fullName, { shouldValidate: true });
    setValue('idCode', person.idCode, { shouldValidate: true });
    setValue('dateOfBirth', person.dateOfBirth, { shouldValidate: true });
    setValue('eidSessionId', person.sessionId);
  };
  const formError = useValidationText()(errors.root?.server?.message);

  const onSubmit = handleSubmit(({ eidSessionId, ...values }) =>
    registerMutation.mutate(
      // Issue 34: with eID the server takes the identity from the session; an empty password is none.
      eidSessionId
        ? { ...values, eidSessionId, password: values.password || null, confirmPassword: values.confirmPassword || null,
            language: currentLanguage(i18n) }
        : { ...values, language: currentLanguage(i18n) },
      {
        onError: (error) => {
          // Issue 34: the eID confirmation expired or was used: confirm again.
          const eidError = parseApiError(error).fields.eidSessionId;
          if (eidError) {
            setVerified(null);
            setValue('eidSessionId', '');
            setError('root.server', { type: 'server', message: eidError });
            return;
          }
          const signatureError = SIGNATURE_FIELDS.map((name) => parseApiError(error).fields[name]).find(Boolean);
          if (signatureError) setError('employmentContract', { type: 'server', message: signatureError });
          if (applyServerFieldErrors(error, SERVER_FIELDS, setError) || signatureError) return;
          const code = parseApiError(error).code ?? '';
          const field = CONFLICT_FIELDS[code];
          if (field) setError(field, { type: 'server', message: `errors.codes.${code}` }, { shouldFocus: true });
          else if (FORM_CODES.has(code)) setError('root.server', { type: 'server', message: `errors.codes.${code}` });
        },
      },
    ),
  );

  const onContractSigned = ({ name, idCode }: ContractSignature) => {
    setValue('contractSignedName', name);
    setValue('contractSignedIdCode', idCode);
    setValue('employmentContract', true, { shouldValidate: true });
    setContractOpen(false);
    toast(
      verified
        ? { title: t('contract:dialog.eid.acceptedToast.title'), description: t('contract:dialog.eid.acceptedToast.description') }
        : { title: t('contract:dialog.signedToast.title'), description: t('contract:dialog.signedToast.description') },
    );
  };

  // Not named <link>: that is a void element for the Trans parser and would drop the text.
  const consentLink = (to: string) => (
    <Link to={to} target="_blank" rel="noopener" className="font-medium text-primary-700 underline underline-offset-2" />
  );

  return (
    <div className="flex flex-col gap-5">
      {/* Issue 34: outside the form, whose fields it fills (its own phone form must not nest in this one). */}
      <EidRegistration verified={verified} onVerified={onVerified} />
      <form noValidate aria-label={t('register.title')} onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {TEXT_FIELDS.map(({ name, input }) => {
            const id = fieldId(name);
            const message = errors[name]?.message;
            return (
              <FormField key={name} id={id} label={t(`register.${name}`)} error={message}>
                {verified && isVerifiedField(name) ? (
                  <VerifiedInput id={id} person={verified} name={name} />
                ) : name === 'dateOfBirth' ? (
                  <Controller
                    control={control}
                    name="dateOfBirth"
                    render={({ field }) => (
                      <DateOfBirthField id={id} {...input} {...field} {...invalidProps(id, message)} />
                    )}
                  />
                ) : (
                  <Input id={id} {...input} {...register(name)} {...invalidProps(id, message)} />
                )}
              </FormField>
            );
          })}
        </div>
        <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <Controller
            control={control}
            name="consentTerms"
            render={({ field, fieldState }) => (
              <ConsentCheckbox
                id={fieldId('consentTerms')}
                checked={field.value}
                onCheckedChange={field.onChange}
                error={fieldState.error?.message}
                label={<Trans t={t} i18nKey="register.consentTerms" components={{ doc: consentLink('/terms') }} />}
              />
            )}
          />
          <Controller
            control={control}
            name="consentPrivacy"
            render={({ field, fieldState }) => (
              <ConsentCheckbox
                id={fieldId('consentPrivacy')}
                checked={field.value}
                onCheckedChange={field.onChange}
                error={fieldState.error?.message}
                label={<Trans t={t} i18nKey="register.consentPrivacy" components={{ doc: consentLink('/privacy') }} />}
              />
            )}
          />
          <Controller
            control={control}
            name="employmentContract"
            render={({ field, fieldState }) => (
              <ConsentCheckbox
                id={fieldId('employmentContract')}
                checked={field.value}
                // Ticking opens the contract; the box is only ticked by signing. Unticking needs no dialog.
                onCheckedChange={(checked) => (checked ? setContractOpen(true) : field.onChange(false))}
                error={fieldState.error?.message}
                label={t('register.employmentContract')}
                hint={
                  field.value && verified ? (
                    <span className="text-xs text-success-600">
                      {t('contract:dialog.eid.acceptedHint', { method: t(`eid:methods.${verified.method}`) })}
                    </span>
                  ) : field.value && signedName ? (
                    <span className="text-xs text-success-600">{t('register.contractSigned', { name: signedName })}</span>
                  ) : undefined
                }
              />
            )}
          />
        </div>
        {formError && (
          <p role="alert" className="text-sm font-medium text-danger-700">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" disabled={registerMutation.isPending} className="w-full">
          {registerMutation.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
        <EmploymentContractDialog
          open={contractOpen}
          onOpenChange={setContractOpen}
          onSign={onContractSigned}
          signer={{ name: getValues('fullName'), idCode: getValues('idCode') }}
          eidMethod={verified?.method}
        />
      </form>
    </div>
  );
}
