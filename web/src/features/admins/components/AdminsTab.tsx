import { useTranslation } from 'react-i18next';
import { TabCard } from '@/components/ui/card';
import { useUser } from '@/lib/auth/get-user';
import { useAdmins } from '../api/admins';
import { AdminsTable } from './AdminsTable';
import { InviteAdminDialog } from './InviteAdminDialog';
import { PendingInvitations } from './PendingInvitations';

/**
 * Issue 15 "Admin management": the admins (last sign-in, second factor, active or not) with deactivation and a
 * second-factor reset, an invitation by e-mail, and the invitations still pending. The command line still
 * makes the first admin.
 */
export function AdminsTab() {
  const { t } = useTranslation('admins');
  const admins = useAdmins();
  const { user } = useUser();
  return (
    <TabCard title={t('title')} description={t('description')} action={<InviteAdminDialog />}>
      <div className="flex flex-col gap-8">
        <AdminsTable
          rows={admins.data}
          currentUserId={user?.id}
          status={{ isLoading: admins.isPending, error: admins.error, loadingLabel: t('loading'), errorTitle: t('loadFailed') }}
        />
        <PendingInvitations />
      </div>
    </TabCard>
  );
}
