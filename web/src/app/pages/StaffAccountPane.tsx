import { ChangeEmailCard } from '@/features/auth/components/ChangeEmailCard';
import { ChangePasswordCard } from '@/features/auth/components/ChangePasswordCard';
import { SecondFactorCard } from '@/features/auth/components/SecondFactorCard';

/**
 * What an admin's own /dashboard shows (issue 37): their account - password, e-mail address and the second
 * factor an admin must keep (issue 15) - and none of an applicant's application, documents or payments.
 */
export function StaffAccountPane() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <ChangePasswordCard />
      <ChangeEmailCard />
      <SecondFactorCard />
    </div>
  );
}
