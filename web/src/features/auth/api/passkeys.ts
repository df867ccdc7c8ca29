import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/auth/get-user';
import type { IdentitySchemas, User } from '@/types/api';
import { SECOND_FACTOR_QUERY_KEY } from './second-factor';

// Issue 15 "Two-factor sign-in": passkeys (WebAuthn) as the second factor. The server speaks the JSON form of
// WebAuthn (binary fields as base64url); the browser's navigator.credentials wants and gives ArrayBuffers.

export type PasskeyCreated = IdentitySchemas['PasskeyCreatedOut'];
/** The code of a sign-in whose account has no passkey. */
export const NO_PASSKEYS = 'no_passkeys';

interface CredentialDescriptorJson {
  id: string;
  type: 'public-key';
  transports?: AuthenticatorTransport[];
}

/** POST /api/second-factor/passkeys/options: navigator.credentials.create()'s options in JSON form. */
export interface CreationOptionsJson {
  rp: PublicKeyCredentialRpEntity;
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: PublicKeyCredentialParameters[];
  timeout?: number;
  excludeCredentials?: CredentialDescriptorJson[];
  authenticatorSelection?: AuthenticatorSelectionCriteria;
  attestation?: AttestationConveyancePreference;
}

/** POST /api/login/passkey/options: navigator.credentials.get()'s options in JSON form. */
export interface RequestOptionsJson {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: CredentialDescriptorJson[];
  userVerification?: UserVerificationRequirement;
}

export function base64urlToBuffer(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function bufferToBase64url(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function descriptors(list: CredentialDescriptorJson[] | undefined): PublicKeyCredentialDescriptor[] | undefined {
  return list?.map((descriptor) => ({ ...descriptor, id: base64urlToBuffer(descriptor.id) }));
}

export function creationOptions(json: CreationOptionsJson): PublicKeyCredentialCreationOptions {
  return {
    ...json,
    challenge: base64urlToBuffer(json.challenge),
    user: { ...json.user, id: base64urlToBuffer(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

export function requestOptions(json: RequestOptionsJson): PublicKeyCredentialRequestOptions {
  return { ...json, challenge: base64urlToBuffer(json.challenge), allowCredentials: descriptors(json.allowCredentials) };
}

function credentialJson(credential: PublicKeyCredential, response: Record<string, unknown>) {
  return {
    id: credential.id,
    rawId: bufferToBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    response,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

/** What navigator.credentials.create() made, in the JSON form the server reads. */
export function registrationJson(credential: PublicKeyCredential): Record<string, unknown> {
  const response = credential.response as AuthenticatorAttestationResponse;
  return credentialJson(credential, {
    clientDataJSON: bufferToBase64url(response.clientDataJSON),
    attestationObject: bufferToBase64url(response.attestationObject),
    transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
  });
}

/** What navigator.credentials.get() signed, in the JSON form the server reads. */
export function assertionJson(credential: PublicKeyCredential): Record<string, unknown> {
  const response = credential.response as AuthenticatorAssertionResponse;
  return credentialJson(credential, {
    clientDataJSON: bufferToBase64url(response.clientDataJSON),
    authenticatorData: bufferToBase64url(response.authenticatorData),
    signature: bufferToBase64url(response.signature),
    userHandle: response.userHandle ? bufferToBase64url(response.userHandle) : null,
  });
}

/** Whether this browser can use passkeys at all (WebAuthn needs a secure context: https or localhost). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** Raised when the person closed the browser's passkey dialog or it timed out: not an error to report. */
export function wasCancelled(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

async function createPasskey(name: string): Promise<PasskeyCreated> {
  const options = await apiJson<CreationOptionsJson>('POST', '/api/second-factor/passkeys/options');
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was made', 'NotAllowedError');
  return apiJson<PasskeyCreated>('POST', '/api/second-factor/passkeys', { credential: registrationJson(credential), name });
}

export interface PasskeySignInInput {
  username: string;
  password: string;
}

/** The password again (checked as /api/login checks it), then the passkey's signature over a fresh challenge. */
async function signInWithPasskey({ username, password }: PasskeySignInInput): Promise<User> {
  const options = await apiJson<RequestOptionsJson>('POST', '/api/login/passkey/options', { username, password });
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was used', 'NotAllowedError');
  return apiJson<User>('POST', '/api/login/passkey', { username, password, credential: assertionJson(credential) });
}

/** The second-factor state and the user read afresh after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    ]);
}

/**
 * Registers a passkey. The list is refreshed at once; the user (whose secondFactorPassed may now be true, which
 * moves an admin on from the enrolment page) only through `refreshUser`, once the recovery codes were seen.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY }),
  });
}

export function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

/** DELETE /api/second-factor/passkeys/{id}; an admin's last second factor is refused. */
export function useRemovePasskey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/second-factor/passkeys/${id}`);
    },
    onSuccess: () => refresh(),
  });
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
