import { apiJson, apiRequest } from '@/lib/api-client';
import type { IdentitySchemas, User } from '@/types/api';

/** Issue 34: signing in and registering with Smart-ID, Mobile-ID or the ID-card (identity's /api/login/eid). */
export type PhoneMethod = IdentitySchemas['EidStartRequest']['method'];
export type EidMethod = PhoneMethod | 'id_card';
export type EidStartInput = IdentitySchemas['EidStartRequest'];
export type EidStarted = IdentitySchemas['EidStartedOut'];
export type EidIdentity = IdentitySchemas['EidIdentityOut'];
export type WebEidToken = IdentitySchemas['WebEidToken'];
/** `login` signs in; `register` confirms the person for the register form. */
export type EidPurpose = 'login' | 'register';
export type EidResult<P extends EidPurpose> = P extends 'login' ? User : EidIdentity;

/** POST /api/{login,register}/eid: the phone is asked; the answer carries the verification code it shows. */
export function startEid(purpose: EidPurpose, body: EidStartInput): Promise<EidStarted> {
  return apiJson<EidStarted>('POST', `/api/${purpose}/eid`, body);
}

/** One poll: `null` while the person has not answered (202), else the signed-in user or the confirmed person. */
export async function pollEid<P extends EidPurpose>(purpose: P, sessionId: string): Promise<EidResult<P> | null> {
  const res = await apiRequest('GET', `/api/${purpose}/eid/${encodeURIComponent(sessionId)}`);
  if (res.status === 202) return null;
  return (await res.json()) as EidResult<P>;
}

/** GET /api/login/eid/challenge: Web eID's nonce, good once in this browser for five minutes. */
export function eidChallenge(): Promise<IdentitySchemas['ChallengeOut']> {
  return apiJson('GET', '/api/login/eid/challenge');
}

/** The ID-card's Web eID token for this browser's challenge: signed in, or the person confirmed. */
export function idCardEid<P extends EidPurpose>(purpose: P, token: WebEidToken): Promise<EidResult<P>> {
  return apiJson<EidResult<P>>('POST', `/api/${purpose}/eid/id-card`, token);
}

/** An admin's eID sign-in finished with the second factor's code. */
export function eidSecondFactor(sessionId: string, otp: string): Promise<User> {
  return apiJson<User>('POST', `/api/login/eid/${encodeURIComponent(sessionId)}/second-factor`, { otp });
}
