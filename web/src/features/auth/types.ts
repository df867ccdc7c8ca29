import type { Language, User } from '@/types/api';

export type { User };

export interface LoginPayload {
  username: string;
  password: string;
}

/** POST /api/register body: spec §3 register payload plus the signed contract name/ID and UI language. */
export interface RegisterPayload {
  username: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  email: string;
  phone: string;
  /** 'YYYY-MM-DD' */
  dateOfBirth: string;
  idCode: string;
  city: string;
  consentTerms: boolean;
  consentPrivacy: boolean;
  employmentContract: boolean;
  contractSignedName: string;
  contractSignedIdCode: string;
  language: Language;
}

export interface SetLanguagePayload {
  language: Language;
}
