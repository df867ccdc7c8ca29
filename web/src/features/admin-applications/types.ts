import type { ApplicationStatus } from '@/components/ui/application-status-badge';
import type {
  ApplicantProfile,
  ApplicantUser,
  AssignedCompany,
  CompanyStatus,
  StatusUpdate,
} from '@/features/dashboard/types';

/** Shapes of the admin side of the applications API (spec §3, §7). */

export interface ApplicationListItem {
  id: number;
  userId: number;
  user: ApplicantUser;
  profile: ApplicantProfile;
  status: ApplicationStatus;
  createdAt: string;
}

export interface ApplicationsPage {
  items: ApplicationListItem[];
  /** All matches before limit/offset (the X-Total-Count header). */
  total: number;
}

export interface AdminStatusUpdate extends StatusUpdate {
  changedBy?: number | null;
}

export interface ApplicationDetail extends ApplicationListItem {
  notes: string | null;
  adminNotes: string | null;
  /** Newest first. */
  statusUpdates: AdminStatusUpdate[];
  company: AssignedCompany | null;
}

export interface ShelfCompany {
  id: number;
  name: string;
  registrationCode: string;
  /** YYYY-MM-DD */
  registrationDate: string | null;
  status: CompanyStatus;
  applicationId: number | null;
  applicantName: string | null;
  monthlyPayment: number;
}

export interface StatusChangeBody {
  status: ApplicationStatus;
  notes: string | null;
}

export interface CompanyCreateBody {
  name: string;
  registrationCode: string;
  registrationDate?: string;
}

export interface CompanyAssignmentBody {
  companyId: number;
  registrationDate?: string;
}
