import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/state-message';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { usePendingInvitations, type AdminInvitation } from '../api/admins';

/** Issue 15: invitations sent but neither accepted nor expired yet, with when each link stops working. */
export function PendingInvitations() {
  const { t, i18n } = useTranslation('admins');
  const language = currentLanguage(i18n);
  const invitations = usePendingInvitations();
  const dateTime = (value: string) => <time dateTime={value}>{formatDateTime(value, language)}</time>;

  const columns: DataTableColumn<AdminInvitation>[] = [
    {
      id: 'invitee',
      header: t('invitations.columns.invitee'),
      phoneLabel: false,
      className: 'md:min-w-[14rem]',
      cell: (invitation) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium text-slate-900">{invitation.fullName}</span>
          <span className="text-sm [overflow-wrap:anywhere] text-slate-600">{invitation.email}</span>
        </span>
      ),
    },
    {
      id: 'language',
      header: t('invitations.columns.language'),
      cell: (invitation) => t(`languages.${invitation.language}`),
    },
    {
      id: 'createdAt',
      header: t('invitations.columns.createdAt'),
      className: 'md:whitespace-nowrap',
      cell: (invitation) => dateTime(invitation.createdAt),
    },
    {
      id: 'expiresAt',
      header: t('invitations.columns.expiresAt'),
      className: 'md:whitespace-nowrap',
      cell: (invitation) => dateTime(invitation.expiresAt),
    },
  ];

  return (
    <section aria-labelledby="pending-invitations-title" className="flex flex-col gap-3">
      <h3 id="pending-invitations-title" className="text-lg font-semibold text-slate-900">
        {t('invitations.title')}
      </h3>
      <DataTable
        aria-labelledby="pending-invitations-title"
        columns={columns}
        rows={invitations.data}
        status={{
          isLoading: invitations.isPending,
          error: invitations.error,
          loadingLabel: t('invitations.loading'),
          errorTitle: t('invitations.loadFailed'),
        }}
        rowKey={(invitation) => invitation.id}
        rowTestId="invitation-row"
        empty={
          <EmptyState icon={MailCheck} title={t('invitations.empty.title')}>
            {t('invitations.empty.text')}
          </EmptyState>
        }
      />
    </section>
  );
}
