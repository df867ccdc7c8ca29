/** Types shared across features for the HTTP API (spec §3, §7). */

export type Language = 'et' | 'en';

export type Role = 'admin' | 'applicant';

export interface User {
  id: number;
  username: string;
  fullName: string;
  email: string;
  phone: string;
  role: Role;
  language: Language;
}

/** Error body every service answers with on a non-2xx status (design.md "The API contract"). */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

/**
 * Stable machine-readable error codes the services use, and those of the gateway's own answers on /api
 * (bad_gateway, gateway_timeout, and unavailable while a service restarts).
 */
export const API_ERROR_CODES = [
  'validation_error',
  'invalid_credentials',
  'username_taken',
  'email_taken',
  'id_code_taken',
  'too_many_attempts',
  'not_authenticated',
  'forbidden',
  'csrf_failed',
  'rate_limited',
  'too_large',
  'quota_exceeded',
  'internal_error',
  'unavailable',
  'bad_gateway',
  'gateway_timeout',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
