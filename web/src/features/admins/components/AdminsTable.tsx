import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFailureToast } from '@/hooks/use-server-message';
import { DataTable, type DataTableColumn, type DataTableStatus } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage } from '@/lib/i18n';
import { useSetComplianceOfficer, type AdminAccount } from '../api/admins';
import { ConfirmAdminActionDialog } from './ConfirmAdminActionDialog';

/**
 * Issue 15 "Admin management": every admin with name, username and e-mail, last sign-in (Europe/Tallinn),
 * second-factor state and whether active; deactivate and reset the second factor of the others.
 */
export function AdminsTable({
  rows,
  status,
  currentUserId,
}: {
  rows: AdminAccount[] | undefined;
  status: DataTableStatus;
  currentUserId: number | undefined;
}) {
  const { t, i18n } = useTranslation('admins');
  const language = currentLanguage(i18n);
  const setOfficer = useSetComplianceOfficer();
  const failureToast = useFailureToast();

  const columns: DataTableColumn<AdminAccount>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      phoneLabel: false,
      className: 'md:min-w-[14rem]',
      cell: (admin) => (
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium text-slate-900">
            {admin.fullName}
            {admin.id === currentUserId && <span className="ml-2 text-xs font-normal text-slate-500">{t('you')}</span>}
          </span>
          <span className="text-xs text-slate-500">{admin.username}</span>
          <span className="text-sm [overflow-wrap:anywhere] text-slate-600">{admin.email}</span>
        </span>
      ),
    },
    {
      id: 'lastLoginAt',
      header: t('columns.lastLoginAt'),
      className: 'md:whitespace-nowrap',
      cell: (admin) =>
        admin.lastLoginAt ? (
          <time dateTime={admin.lastLoginAt}>{formatDateTime(admin.lastLoginAt, language)}</time>
        ) : (
          <span className="text-slate-500">{t('neverSignedIn')}</span>
        ),
    },
    {
      id: 'secondFactor',
      header: t('columns.secondFactor'),
      cell: (admin) => (
        <Badge tone={admin.secondFactor ? 'green' : 'amber'} data-testid="admin-second-factor">
          {admin.secondFactor ? t('secondFactor.on') : t('secondFactor.off')}
        </Badge>
      ),
    },
    {
      // Issue 35: approves client cases and decides screening hits; only an officer names or removes one.
      id: 'complianceOfficer',
      header: t('columns.complianceOfficer'),
      cell: (admin) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={admin.complianceOfficer ? 'blue' : 'neutral'} data-testid="admin-compliance-officer">
            {admin.complianceOfficer ? t('complianceOfficer.yes') : t('complianceOfficer.no')}
          </Badge>
          {admin.active && admin.id !== currentUserId && (
            <Button
              size="sm"
              variant="secondary"
              disabled={setOfficer.isPending}
              aria-label={t(admin.complianceOfficer ? 'complianceOfficer.removeNamed' : 'complianceOfficer.nameNamed', { name: admin.fullName })}
              onClick={() =>
                setOfficer.mutate(
                  { id: admin.id, complianceOfficer: !admin.complianceOfficer },
                  { onError: (failure) => failureToast(t('complianceOfficer.failed'), failure) },
                )
              }
            >
              {admin.complianceOfficer ? t('complianceOfficer.remove') : t('complianceOfficer.name')}
            </Button>
          )}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (admin) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={admin.active ? 'green' : 'neutral'} data-testid="admin-status">
            {admin.active ? t('status.active') : t('status.deactivated')}
          </Badge>
          {admin.deactivatedAt && (
            <time dateTime={admin.deactivatedAt} className="text-xs text-slate-500">
              {formatDateTime(admin.deactivatedAt, language)}
            </time>
          )}
        </span>
      ),
    },
  ];

  return (
    <DataTable
      aria-label={t('title')}
      columns={columns}
      rows={rows}
      status={status}
      rowKey={(admin) => admin.id}
      rowTestId="admin-row"
      actions={{
        header: t('columns.actions'),
        hideHeader: true,
        cell: (admin) =>
          admin.active &&
          admin.id !== currentUserId && (
            <>
              <ConfirmAdminActionDialog admin={admin} action="reset-second-factor" />
              <ConfirmAdminActionDialog admin={admin} action="deactivate" />
            </>
          ),
      }}
    />
  );
}
