/**
 * The ID-card through Web eID (issue 33): the official library (@web-eid/web-eid-library, web/vendor) talks to
 * the Web eID browser extension with window.postMessage. It is loaded when someone signs with the card, not
 * with the page.
 */

/** The Web eID error codes the dialog has a text for (the library's ErrorCode); any other is `other`. */
export const WEB_EID_ERRORS = [
  'ERR_WEBEID_EXTENSION_UNAVAILABLE',
  'ERR_WEBEID_NATIVE_UNAVAILABLE',
  'ERR_WEBEID_USER_CANCELLED',
  'ERR_WEBEID_USER_TIMEOUT',
  'ERR_WEBEID_ACTION_TIMEOUT',
  'ERR_WEBEID_CONTEXT_INSECURE',
  'ERR_WEBEID_VERSION_MISMATCH',
  'ERR_WEBEID_VERSION_INVALID',
  'ERR_WEBEID_ACTION_PENDING',
] as const;
export type WebEidErrorCode = (typeof WEB_EID_ERRORS)[number] | 'other';

/** A failure of Web eID (the extension, the app or the card), by its code. */
export class WebEidFailure extends Error {
  readonly code: WebEidErrorCode;

  constructor(code: WebEidErrorCode, message: string) {
    super(message);
    this.name = 'WebEidFailure';
    this.code = code;
  }
}

function failure(error: unknown): WebEidFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const known = (WEB_EID_ERRORS as readonly string[]).includes(code) ? (code as WebEidErrorCode) : 'other';
  return new WebEidFailure(known, error instanceof Error ? error.message : String(error));
}

async function library() {
  return import('@web-eid/web-eid-library');
}

/** The signing certificate on the card, base64 DER (the person chooses it in Web eID's window). */
export async function readSigningCertificate(lang: string): Promise<string> {
  try {
    const webeid = await library();
    const { certificate } = await webeid.getSigningCertificate({ lang });
    return certificate;
  } catch (error) {
    throw failure(error);
  }
}

/** The card's signature (base64) of `digest` (base64), after the person enters PIN2 in Web eID's window. */
export async function signDigest(certificate: string, digest: string, hashFunction: string, lang: string): Promise<string> {
  try {
    const webeid = await library();
    const { signature } = await webeid.sign(certificate, digest, hashFunction, { lang });
    return signature;
  } catch (error) {
    throw failure(error);
  }
}
