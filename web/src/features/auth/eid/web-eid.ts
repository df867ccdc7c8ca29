import type { WebEidToken } from './api';

/**
 * The ID-card sign-in through Web eID (issue 34): the official library (@web-eid/web-eid-library, web/vendor)
 * asks the Web eID browser extension to sign this browser's challenge nonce with the card's authentication key.
 * It is loaded when someone chooses the card, not with the page.
 */
export class WebEidFailure extends Error {
  /** The library's error code (ERR_WEBEID_USER_CANCELLED, ERR_WEBEID_EXTENSION_UNAVAILABLE, ...). */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'WebEidFailure';
    this.code = code;
  }
}

export async function authenticateWithIdCard(nonce: string, lang: string): Promise<WebEidToken> {
  try {
    const webeid = await import('@web-eid/web-eid-library');
    const token = await webeid.authenticate(nonce, { lang });
    return {
      unverifiedCertificate: token.unverifiedCertificate,
      algorithm: token.algorithm,
      signature: token.signature,
      format: token.format,
      appVersion: token.appVersion,
    };
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'other';
    throw new WebEidFailure(code, error instanceof Error ? error.message : String(error));
  }
}
