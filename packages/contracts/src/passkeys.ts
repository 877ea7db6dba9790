import { z } from 'zod';
import { limits } from './limits.ts';
import { recoveryCodePattern, totpCodePattern } from './two-factor.ts';

/**
 * Passkeys (WebAuthn, issue 14): registered from my-profile, used as a second factor and for
 * sign-in without a password. The ceremonies' options and responses are the JSON forms of
 * @simplewebauthn (PublicKeyCredential*OptionsJSON, Registration/AuthenticationResponseJSON).
 */
export type Passkey = {
  publicId: string;
  name: string;
  createdOn: string;
  lastUsedOn: string | null;
};

/** The answer of `POST PasskeyRegistrationOptions` and `POST PasskeyAuthenticationOptions`. */
export type PasskeyCeremony<Options> = {
  /** Names the stored challenge; sent back with the response. */
  challengeId: string;
  options: Options;
};

const publicId = z.string().regex(/^[0-9a-z]{12}$/);
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

export const passkeyName = z.string().trim().min(1).max(limits.nameMaxLength);

// Bounds well above what authenticators send; anything larger is not a credential.
const registrationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8000),
    attestationObject: base64url(40_000),
    authenticatorData: base64url(8000).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

const authenticationResponse = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/**
 * What a stolen session alone does not have, asked before a passkey is added or removed: the
 * account's password and, while TOTP is on, a TOTP or recovery code (ignored while it is off).
 */
const reauthentication = {
  password: z.string().min(1).max(limits.passwordMaxLength),
  code: z
    .string()
    .trim()
    .refine((code) => totpCodePattern.test(code) || recoveryCodePattern.test(code))
    .optional(),
};

/** `POST PasskeyList`: the answer of the authenticator to the registration options. */
export const passkeyCreateInput = z.strictObject({
  name: passkeyName,
  ...reauthentication,
  /** Optional: without it the challenge is found by the one the response signed. */
  challengeId: publicId.optional(),
  response: registrationResponse,
});
export type PasskeyCreateInput = z.input<typeof passkeyCreateInput>;

export const passkeyPatchInput = z.strictObject({ name: passkeyName });

/** `DELETE Passkey/{publicId}`: the password (and a code while TOTP is on) in the body. */
export const passkeyDeleteInput = z.strictObject(reauthentication);
export type PasskeyDeleteInput = z.input<typeof passkeyDeleteInput>;

export const passkeyAuthenticationOptionsInput = z.strictObject({});

/** `POST PasskeyAccessTokenList`: sign-in with a passkey, no password. */
export const passkeyAccessTokenInput = z.strictObject({
  challengeId: publicId,
  response: authenticationResponse,
  expiresIn: z.number().int().min(limits.accessTokenMinSeconds).max(limits.accessTokenMaxSeconds),
});
export type PasskeyAccessTokenInput = z.input<typeof passkeyAccessTokenInput>;
