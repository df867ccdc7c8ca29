import { describe, expect, it } from 'vitest';
import { assertionJson, base64urlToBuffer, bufferToBase64url, creationOptions, registrationJson, requestOptions } from './passkeys';

// Issue 15 "Two-factor sign-in": the server speaks WebAuthn's JSON form (base64url), the browser ArrayBuffers.

const bytes = (buffer: ArrayBuffer | BufferSource) => Array.from(new Uint8Array(buffer as ArrayBuffer));

describe('passkey conversions', () => {
  it('turns base64url into bytes and back, without padding and with the URL-safe letters', () => {
    const all = new Uint8Array([0xfb, 0xff, 0xbf, 0x00, 0x3e, 0x3f, 0x7f]);
    const text = bufferToBase64url(all.buffer);
    expect(text).toBe('-_-_AD4_fw');
    expect(bytes(base64urlToBuffer(text))).toEqual(Array.from(all));
    expect(bytes(base64urlToBuffer(''))).toEqual([]);
  });

  it('gives navigator.credentials.create the challenge, user id and excluded passkeys as bytes', () => {
    const options = creationOptions({
      rp: { id: 'localhost', name: 'Shelf Board' },
      user: { id: 'NDI', name: 'mari', displayName: 'Mari Maasikas' },
      challenge: 'AQID',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      excludeCredentials: [{ id: 'BAU', type: 'public-key' }],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    expect(bytes(options.challenge)).toEqual([1, 2, 3]);
    expect(bytes(options.user.id)).toEqual([52, 50]); // "42"
    expect(options.excludeCredentials?.map((descriptor) => bytes(descriptor.id))).toEqual([[4, 5]]);
    expect(options.authenticatorSelection?.userVerification).toBe('preferred');
  });

  it('gives navigator.credentials.get the challenge and allowed passkeys as bytes', () => {
    const options = requestOptions({ challenge: 'AQID', rpId: 'localhost', allowCredentials: [{ id: 'BAU', type: 'public-key' }] });
    expect(bytes(options.challenge)).toEqual([1, 2, 3]);
    expect(options.allowCredentials?.map((descriptor) => bytes(descriptor.id))).toEqual([[4, 5]]);
  });

  it("sends the browser's answers in the JSON form the server reads", () => {
    const buffer = (...values: number[]) => new Uint8Array(values).buffer;
    const base = {
      id: 'BAU',
      rawId: buffer(4, 5),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
    };
    const made = {
      ...base,
      response: { clientDataJSON: buffer(1), attestationObject: buffer(2), getTransports: () => ['internal'] },
    } as unknown as PublicKeyCredential;
    expect(registrationJson(made)).toEqual({
      id: 'BAU',
      rawId: 'BAU',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: 'AQ', attestationObject: 'Ag', transports: ['internal'] },
      clientExtensionResults: {},
    });
    const signed = {
      ...base,
      response: { clientDataJSON: buffer(1), authenticatorData: buffer(2), signature: buffer(3), userHandle: null },
    } as unknown as PublicKeyCredential;
    expect(assertionJson(signed)).toMatchObject({
      rawId: 'BAU',
      response: { clientDataJSON: 'AQ', authenticatorData: 'Ag', signature: 'Aw', userHandle: null },
    });
  });
});
