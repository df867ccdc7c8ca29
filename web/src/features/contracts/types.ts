/** Shapes of the contracts API (spec §3 Contract, §4 contract status). Times are UTC ISO strings. */

export const CONTRACT_STATUSES = ['pending', 'sent', 'signed', 'expired', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export interface Contract {
  id: number;
  applicationId: number | null;
  userId: number;
  kind: 'employment' | 'admin';
  title: string;
  content: string;
  status: ContractStatus;
  createdAt: string;
  signedAt: string | null;
  expiresAt: string | null;
  /** data:image/png;base64,… of the drawn signature, or null. */
  signatureData: string | null;
}

export interface ContractUser {
  fullName: string;
  username: string;
  email: string;
}

/** What the admin endpoints answer: the contract plus who made it and whom it is for. */
export interface AdminContract extends Contract {
  createdBy: number | null;
  user: ContractUser | null;
}

export interface ContractCreateBody {
  userId: number;
  applicationId: number | null;
  title: string;
  content: string;
  /** YYYY-MM-DD; omitted when there is no expiry. */
  expiresAt?: string;
}

export interface SignBody {
  signatureData: string;
}
