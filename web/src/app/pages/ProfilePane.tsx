import { ChangeEmailCard } from '@/features/auth/components/ChangeEmailCard';
import { ChangePasswordCard } from '@/features/auth/components/ChangePasswordCard';
import { SecondFactorCard } from '@/features/auth/components/SecondFactorCard';
import { IdentityVerifiedNote } from '@/features/auth/eid/IdentityVerifiedNote';
import { ProfileTab } from '@/features/dashboard/components/ProfileTab';
import { DataExportCard } from '@/features/data-export';
import { ErasureCard } from '@/features/erasure';
import { AccessLogCard } from '@/features/privacy';

/**
 * The dashboard's profile tab: the profile, then the account's password and e-mail address (issue 14) and its
 * two-step verification (issue 15), who has seen the applicant's data (issue 16, Access transparency) and a
 * copy of their data to download (issue 16, Download my data), last the request to erase it (issue 16, Erasure).
 */
export function ProfilePane() {
  return (
    <div className="grid gap-6">
      <IdentityVerifiedNote />
      <ProfileTab />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ChangePasswordCard />
        <ChangeEmailCard />
        <SecondFactorCard />
      </div>
      <AccessLogCard />
      <DataExportCard />
      <ErasureCard />
    </div>
  );
}
