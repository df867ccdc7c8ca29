import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-message';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useErrorText } from '@/hooks/use-error-text';
import { parseApiError } from '@/lib/api-client';
import { homePathFor, USER_QUERY_KEY } from '@/lib/auth/get-user';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useAcceptInvitation, useInvitationPreview, type InvitationPreview } from '../api/admins';
import { acceptInvitationSchema, type AcceptInvitationValues } from '../schemas';

const FIELDS = ['username', 'password', 'confirmPassword'] as const;
/** The refusals that mean the link itself is no good, each with its own explanation. */
const LINK_PROBLEMS = ['admin_invitation_not_found', 'admin_invitation_expired', 'admin_invitation_used'] as const;
type LinkProblem = (typeof LINK_PROBLEMS)[number];

function linkProblem(error: unknown): LinkProblem | null {
  const { code } = parseApiError(error);
  return LINK_PROBLEMS.find((problem) => problem === code) ?? null;
}

function InvalidInvitation({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation('admins');
  return (
    <ErrorState
      title={t(`acceptPage.problems.${problem}.title`)}
      actions={
        <Link to="/auth" className={buttonClasses('secondary')}>
          {t('acceptPage.toSignIn')}
        </Link>
      }
    >
      {t(`acceptPage.problems.${problem}.text`)}
    </ErrorState>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t, i18n } = useTranslation('admins');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AcceptInvitationValues>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });

  const problem = accept.isError ? linkProblem(accept.error) : null;
  if (problem) return <InvalidInvitation problem={problem} />;

  const onSubmit = (values: AcceptInvitationValues) =>
    accept.mutate(
      { token, ...values },
      {
        // Signed in without a second factor yet: the enrolment page comes first.
        onSuccess: (user) => {
          queryClient.setQueryData(USER_QUERY_KEY, user);
          void navigate(homePathFor(user), { replace: true });
        },
        onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
      },
    );

  const fields = [
    { name: 'username', type: 'text', autoComplete: 'username' },
    { name: 'password', type: 'password', autoComplete: 'new-password' },
    { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
  ] as const;

  return (
    <form noValidate aria-label={t('acceptPage.title')} onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-sm">
        <dt className="text-slate-500">{t('acceptPage.name')}</dt>
        <dd className="font-medium text-slate-900">{invitation.fullName}</dd>
        <dt className="text-slate-500">{t('acceptPage.email')}</dt>
        <dd className="[overflow-wrap:anywhere] text-slate-900">{invitation.email}</dd>
        <dt className="text-slate-500">{t('acceptPage.validUntil')}</dt>
        <dd className="text-slate-900">
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt, currentLanguage(i18n))}</time>
        </dd>
      </dl>
      {fields.map(({ name, type, autoComplete }) => {
        const id = `invitation-${name}`;
        const error = errors[name]?.message;
        return (
          <FormField key={name} id={id} label={t(`acceptPage.${name}`)} error={error}>
            <Input id={id} type={type} autoComplete={autoComplete} {...register(name)} {...invalidProps(id, error)} />
          </FormField>
        );
      })}
      <p className="text-sm text-slate-600">{t('acceptPage.passwordHint')}</p>
      {accept.isError && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {errorText(accept.error)}
        </p>
      )}
      <Button type="submit" size="lg" disabled={accept.isPending}>
        {accept.isPending ? t('acceptPage.submitting') : t('acceptPage.submit')}
      </Button>
    </form>
  );
}

function Invitation({ token }: { token: string }) {
  const { t } = useTranslation('admins');
  const preview = useInvitationPreview(token);
  if (preview.isPending) return <Spinner label={t('acceptPage.loading')} />;
  if (preview.isError) {
    const problem = linkProblem(preview.error);
    return problem ? <InvalidInvitation problem={problem} /> : <ErrorState title={t('acceptPage.loadFailed')} />;
  }
  return <AcceptForm token={token} invitation={preview.data} />;
}

/**
 * Issue 15: /admin-invitation?token=... from the invitation e-mail. The invitee chooses a username and a
 * password, is signed in, and is taken to set up the second factor.
 */
export function AdminInvitationPage() {
  const { t } = useTranslation('admins');
  useDocumentMeta(t('acceptPage.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6 sm:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('acceptPage.title')}</h1>
          <CardDescription>{t('acceptPage.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {token ? <Invitation token={token} /> : <InvalidInvitation problem="admin_invitation_not_found" />}
        </CardContent>
      </Card>
    </div>
  );
}
