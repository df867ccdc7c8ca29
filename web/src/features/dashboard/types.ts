import type { ApplicationStatus } from '@/components/ui/application-status-badge';

/** Shapes of the applications and profile API (spec §3, §7). */

/** Values come from a projection of identity's data, so each may be null right after registration. */
export interface ApplicantUser {
  fullName: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
}

export interface ApplicantProfile {
  fullName: string | null;
  email: string | null;
  phone: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  idCode: string | null;
  city: string | null;
  address: string | null;
}

export interface StatusUpdate {
  id: number;
  oldStatus: ApplicationStatus;
  newStatus: ApplicationStatus;
  notes: string | null;
  createdAt: string;
}

export interface Payment {
  /** YYYY-MM-DD */
  dueDate: string;
  /** Euros. */
  amount: number;
}

export type CompanyStatus = 'available' | 'assigned' | 'transferred';

export interface AssignedCompany {
  id?: number;
  name: string;
  registrationCode: string;
  /** YYYY-MM-DD; null until the company's registration date is known. */
  startDate: string | null;
  endDate: string | null;
  /** Euros per month (500). */
  monthlyPayment: number;
  status: CompanyStatus;
  paymentSchedule: Payment[];
}

export interface Application {
  id: number;
  userId: number;
  status: ApplicationStatus;
  notes: string | null;
  adminNotes: string | null;
  createdAt: string;
  user: ApplicantUser;
  profile: ApplicantProfile;
}

/** GET /api/application */
export interface OwnApplication {
  application: Application | null;
  /** Newest first. */
  statusUpdates: StatusUpdate[];
  company: AssignedCompany | null;
}

/** GET/PUT /api/profile */
export interface Profile {
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string | null;
  idCode: string | null;
  city: string | null;
  address: string | null;
}
