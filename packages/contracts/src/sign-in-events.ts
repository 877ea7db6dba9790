/**
 * What the sign-in history records (issue 14): every sign-in attempt and every change to how
 * an account signs in. `outcome` says whether it worked; failures of an unknown address keep
 * only the attempted address.
 */
export const signInEventKinds = [
  /** E-mail address and password (the first step). */
  'password',
  /** A TOTP code at the code step. */
  'totp',
  /** A recovery code at the code step. */
  'recoveryCode',
  /** A passkey, as the second factor or without a password. */
  'passkey',
  /** A trusted browser skipped the code step. */
  'trustedDevice',
  /** Single sign-on through an OpenID provider. */
  'sso',
  /** A recovery e-mail asked for, or a new password set from its link. */
  'passwordRecovery',
  /** The password changed from my-profile. */
  'passwordChange',
  /** TOTP turned on or off, or recovery codes made again. */
  'twoFactorChange',
  /** A passkey added, renamed or removed. */
  'passkeyChange',
  /** A browser trusted or no longer trusted. */
  'trustedDeviceChange',
  /** An identity at an OpenID provider linked to the account. */
  'ssoLink',
  /** The e-mail address changed (confirmed from the new address). */
  'emailChange',
] as const;
export type SignInEventKind = (typeof signInEventKinds)[number];

export type SignInEventOutcome = 'success' | 'failure';

/** `GET MySignInEventList` and, for company auditors, `GET SignInEventList`. */
export type SignInEvent = {
  publicId: string;
  createdOn: string;
  kind: SignInEventKind;
  outcome: SignInEventOutcome;
  /** A stable reason for a failure or a note on a change (e.g. `disabled`), else null. */
  detail: string | null;
  client: string | null;
  address: string | null;
  /** The member (SignInEventList only); null for MySignInEventList. */
  user: { publicId: string; name: string; emailAddress: string } | null;
  /** The address tried, for failed attempts. */
  attemptedEmailAddress: string | null;
};
