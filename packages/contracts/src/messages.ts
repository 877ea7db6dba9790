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
  /** TOTP is on already: turn it off before setting it up again. */
  totpAlreadyEnabled: 'TOTP_ALREADY_ENABLED',
  /** TOTP is off (nothing to confirm, regenerate or turn off). */
  totpNotEnabled: 'TOTP_NOT_ENABLED',
  /** A code that is not the current TOTP code (or an unused recovery code). */
  codeWrong: 'CODE_WRONG',
  /** The account's password, asked again before a change to its second factors or e-mail address. */
  passwordIncorrect: 'PASSWORD_INCORRECT',
  emailChangeLinkInvalid: 'E-mail change link is invalid or expired',
  recoveryLinkInvalid: 'Recovery link is invalid or expired',
  /** Single sign-on cannot be required before the company has an identity provider (issue 14). */
  identityProviderMissing: 'NO_IDENTITY_PROVIDER',
  /** The single sign-on attempt is unknown, expired or was already used (issue 14). */
  ssoStateInvalid: 'SSO_STATE_INVALID',
  /** The identity provider did not confirm the sign-in (code exchange or ID token refused). */
  ssoFailed: 'SSO_FAILED',
  /** The identity provider gave no e-mail address, or did not say it is verified. */
  ssoEmailUnverified: 'SSO_EMAIL_UNVERIFIED',
  /** The e-mail address's domain is not one the provider may vouch for. */
  ssoDomainNotAllowed: 'SSO_DOMAIN_NOT_ALLOWED',
  /** No account of a member (or invitee) of the provider's company has this identity. */
  ssoNotMember: 'SSO_NOT_MEMBER',
  /** The identity provider could not be reached or its discovery document is not usable. */
  ssoProviderUnavailable: 'SSO_PROVIDER_UNAVAILABLE',
  /** A passkey ceremony's challenge is unknown, expired, used or someone else's (issue 14). */
  passkeyChallengeInvalid: 'PASSKEY_CHALLENGE_INVALID',
  /** The authenticator's answer to a passkey registration did not verify (issue 14). */
  passkeyVerificationFailed: 'PASSKEY_VERIFICATION_FAILED',
} as const;

export type ErrorMessage = (typeof errorMessages)[keyof typeof errorMessages];
