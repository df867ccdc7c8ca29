import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, FileCheck2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, LoadError } from '@/components/ui/state-message';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useErrorText } from '@/hooks/use-error-text';
import { useFailureToast } from '@/hooks/use-server-message';
import { homePathFor, useUser } from '@/lib/auth/get-user';
import { formatVersion, type PolicyDocument } from '@/lib/policies';
import { useAcceptConsents, useConsents, type RequiredVersion } from '../api/consents';
import { CONSENT_PATH } from '../rules';

/** The public page of each text; the contract text has none and is shown on this page instead. */
const PAGES: Partial<Record<PolicyDocument, string>> = { terms: '/terms', privacy: '/privacy' };

const consentSchema = z.object({
  accepted: z.boolean().refine((accepted) => accepted, { message: 'consent:form.required' }),
});
type ConsentValues = z.infer<typeof consentSchema>;

/** Where to go after accepting: where the applicant was going when the gate stopped them, if it was a page of ours. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith(CONSENT_PATH)
    ? from
    : null;
}

/**
 * Issue 16 "Consent": the newly published versions of the terms, the privacy policy and the employment contract
 * text the signed-in applicant has not accepted yet, each with its date and a way to read it, and one
 * acceptance; then back to where they were going. `contractText` is the contract as the registration shows it.
 */
export function ConsentPage({ contractText }: { contractText?: ReactNode }) {
  const { t } = useTranslation('consent');
  useDocumentMeta(t('meta.title'));
  const consents = useConsents();
  const { user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const errorText = useErrorText();
  const goBack = () => void navigate(returnPath(location.state) ?? (user ? homePathFor(user) : '/dashboard'), { replace: true });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <span className="flex items-center gap-2 text-2xl">
              <FileCheck2 className="h-6 w-6 shrink-0 text-primary-500" aria-hidden="true" />
              {t('title')}
            </span>
          </CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
        <CardContent className="px-4 pb-6 sm:px-6">
          {consents.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('loading')} className="[&_svg]:h-8 [&_svg]:w-8" />
            </div>
          ) : consents.error ? (
            <LoadError title={t('loadFailed')}>{errorText(consents.error)}</LoadError>
          ) : consents.data.required.length === 0 ? (
            <EmptyState icon={FileCheck2} title={t('upToDate.title')}>
              <p>{t('upToDate.text')}</p>
              <Button className="mt-4" onClick={goBack}>
                {t('upToDate.continue')}
              </Button>
            </EmptyState>
          ) : (
            <ConsentForm required={consents.data.required} contractText={contractText} onAccepted={goBack} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ConsentForm({
  required,
  contractText,
  onAccepted,
}: {
  required: RequiredVersion[];
  contractText?: ReactNode;
  onAccepted: () => void;
}) {
  const { t } = useTranslation('consent');
  const accept = useAcceptConsents();
  const failureToast = useFailureToast();
  const checkboxId = useId();
  const { control, handleSubmit, formState } = useForm<ConsentValues>({
    resolver: zodResolver(consentSchema),
    defaultValues: { accepted: false },
  });
  const error = formState.errors.accepted?.message;

  // Accepting empties the list of what waits, and the page drops this form: mutate's own callbacks would go with
  // it, so going on waits on the promise instead.
  const onSubmit = () =>
    void accept.mutateAsync(required).then(onAccepted, (failure: unknown) => failureToast(t('failed'), failure));

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-6" aria-label={t('title')}>
      <ul className="flex flex-col gap-3" data-testid="consent-documents">
        {required.map((item) => (
          <RequiredDocument key={item.document} item={item} contractText={contractText} />
        ))}
      </ul>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="accepted"
            render={({ field }) => (
              <Checkbox
                id={checkboxId}
                checked={field.value}
                onCheckedChange={(value) => field.onChange(value === true)}
                onBlur={field.onBlur}
                {...invalidProps(checkboxId, error)}
              />
            )}
          />
          <Label htmlFor={checkboxId} className="font-normal leading-snug">
            {t('form.accept')}
          </Label>
        </div>
        <div className="pl-8">
          <FieldError id={checkboxId} message={error} />
        </div>
      </div>
      <Button type="submit" className="self-start" disabled={accept.isPending}>
        {accept.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  );
}

function RequiredDocument({ item, contractText }: { item: RequiredVersion; contractText?: ReactNode }) {
  const { t, i18n } = useTranslation('consent');
  const page = PAGES[item.document];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4" data-testid="consent-document">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="font-semibold text-slate-900">{t(`documents.${item.document}`)}</p>
        <p className="text-sm text-slate-600">
          {t('version')} <time dateTime={item.version}>{formatVersion(item.version, i18n.language)}</time>
        </p>
      </div>
      {page ? (
        <Link
          to={page}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary-700 underline underline-offset-4"
        >
          {t(`read.${item.document}`)}
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">{t('newTab')}</span>
        </Link>
      ) : (
        contractText && (
          <details className="group text-sm">
            <summary className="cursor-pointer font-medium text-primary-700 underline underline-offset-4">
              {t(`read.${item.document}`)}
            </summary>
            <div className="mt-3 flex max-h-[50dvh] flex-col gap-4 overflow-y-auto" tabIndex={0} role="region" aria-label={t('documents.contract')}>
              {contractText}
            </div>
          </details>
        )
      )}
    </li>
  );
}
