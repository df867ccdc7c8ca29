import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/ui/data-table';
import { toast } from '@/components/ui/use-toast';
import { useFailureToast } from '@/hooks/use-server-message';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import type { SentEmail } from '@/types/api';
import { useResendEmail } from '../api/resend-email';
import { canResend } from '../rules';
import { EmailStatusBadge } from './EmailStatusBadge';

type TableProps = Omit<DataTableProps<SentEmail>, 'columns' | 'rowKey' | 'actions' | 'rowTestId'>;

/**
 * Issue 14 "Admins see the latest e-mails with their status": recipient, subject and template, language,
 * status with attempts and the last error, when written and sent (Europe/Tallinn); 'Send again'.
 */
export function EmailsTable(props: TableProps) {
  const { t, i18n } = useTranslation('emails');
  const language = currentLanguage(i18n);
  const dateTime = (value: string) => <time dateTime={value}>{formatDateTime(value, language)}</time>;

  const columns: DataTableColumn<SentEmail>[] = [
    {
      id: 'recipient',
      header: t('columns.recipient'),
      phoneLabel: false,
      className: 'md:min-w-[12rem]',
      cell: (email) => (
        <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{email.address ?? t('noAddress')}</span>
      ),
    },
    {
      id: 'subject',
      header: t('columns.subject'),
      className: 'md:min-w-[14rem]',
      cell: (email) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="break-words text-slate-900">{email.subject ?? '—'}</span>
          <span className="text-xs text-slate-500">{t(`templates.${email.template}`, { defaultValue: email.template })}</span>
        </span>
      ),
    },
    {
      id: 'language',
      header: t('columns.language'),
      cell: (email) => <span>{email.language ? t(`languages.${email.language}`, { defaultValue: email.language }) : '—'}</span>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      className: 'md:min-w-[10rem]',
      cell: (email) => (
        <span className="flex flex-col items-start gap-1">
          <EmailStatusBadge status={email.status} />
          <span className="text-xs text-slate-500">{t('attempts', { count: email.attempts })}</span>
          {email.lastError && (
            <span className="break-words text-xs text-danger-700" data-testid="email-last-error">
              {email.lastError}
            </span>
          )}
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      sortable: true,
      className: 'md:whitespace-nowrap',
      cell: (email) => dateTime(email.createdAt),
    },
    {
      id: 'sentAt',
      header: t('columns.sentAt'),
      className: 'md:whitespace-nowrap',
      cell: (email) => (email.sentAt ? dateTime(email.sentAt) : <span className="text-slate-500">—</span>),
    },
  ];

  return (
    <DataTable
      {...props}
      columns={columns}
      rowKey={(email) => email.id}
      rowTestId="email-row"
      actions={{
        header: t('columns.actions'),
        hideHeader: true,
        cell: (email) => canResend(email) && <ResendButton email={email} />,
      }}
    />
  );
}

function ResendButton({ email }: { email: SentEmail }) {
  const { t } = useTranslation('emails');
  const failureToast = useFailureToast();
  const resend = useResendEmail();
  const onResend = () =>
    resend.mutate(email.id, {
      onSuccess: () => toast({ title: t('resend.done'), description: email.address ?? undefined }),
      onError: (error) => failureToast(t('resend.failed'), error),
    });
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={onResend}
      disabled={resend.isPending}
      aria-label={t('resend.named', { subject: email.subject ?? email.template, address: email.address ?? '' })}
    >
      <RotateCw className="h-4 w-4" aria-hidden="true" />
      {resend.isPending ? t('resend.sending') : t('resend.action')}
    </Button>
  );
}
