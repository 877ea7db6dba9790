/** Stable error messages of the wire format; the web app translates them by these strings. */
export const errorMessages = {
  required: 'Required property',
  invalid: 'Invalid value',
  duplicate: 'Duplicate',
  nameInUse: 'NAME_ALREADY_IN_USE',
  unauthenticated: 'Authentication required',
  invalidCredentials: 'Invalid credentials',
  otpRequired: 'One-Time Password required',
  otpFailed: 'One-Time Password failed',
  forbidden: 'Missing capability',
  notFound: 'Not found',
  rateLimited: 'Too many attempts, try again later',
  apiVersion: 'Unsupported or missing Api-Version, expected 2',
  emailInUse: 'E-mail address already registered',
  passwordTooCommon: 'Password is too common',
  passwordWrong: 'Old password is wrong',
  lastAdministrator: 'A company needs at least one administrator',
  builtInRole: 'Built-in role cannot be changed',
  roleInUse: 'Role is still in use',
  companyNotFound: 'Company not found',
  companyRequired: 'No company selected',
  misdirected: 'This server does not serve this host',
  destinationNotAllowed: 'Destination not allowed',
  invalidCharacters: 'Invalid characters',
  nestedTooDeeply: 'Nested too deeply',
  /** The company requires a second factor and the member's grace period is over (issue 14). */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** The company requires single sign-on and this session was made another way (issue 14). */
  ssoRequired: 'SSO_REQUIRED',
  /** A passkey ceremony's challenge is unknown, expired, used or someone else's (issue 14). */
  passkeyChallengeInvalid: 'PASSKEY_CHALLENGE_INVALID',
  /** The authenticator's answer to a passkey registration did not verify (issue 14). */
  passkeyVerificationFailed: 'PASSKEY_VERIFICATION_FAILED',
} as const;

export type ErrorMessage = (typeof errorMessages)[keyof typeof errorMessages];
