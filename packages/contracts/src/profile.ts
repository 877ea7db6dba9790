import { z } from 'zod';
import { limits } from './limits.ts';

const emailAddress = z.email().max(limits.nameMaxLength);
const newPassword = z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength);
/** A link's secret: 256 random bits in base64url (the server's `newSecret`). */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** `POST MyEmailAddressChange`: the new address gets a link; the password proves it is the owner. */
export const emailAddressChangeInput = z.strictObject({
  emailAddress,
  password: z.string().min(1).max(limits.passwordMaxLength),
});
export type EmailAddressChangeInput = z.infer<typeof emailAddressChangeInput>;

/** `POST MyEmailAddressConfirmation`: the link from the new address's e-mail, no session needed. */
export const emailAddressConfirmationInput = z.strictObject({ token: linkToken });

/** `POST PasswordRecoveryList`: the same answer whether or not the address has an account. */
export const passwordRecoveryInput = z.strictObject({ emailAddress });
export type PasswordRecoveryInput = z.infer<typeof passwordRecoveryInput>;

/** `POST PasswordRecoveryConfirmation`: the link from the recovery e-mail and the new password. */
export const passwordRecoveryConfirmationInput = z.strictObject({ token: linkToken, newPassword });
export type PasswordRecoveryConfirmationInput = z.infer<typeof passwordRecoveryConfirmationInput>;

/** How long the links stay good. */
export const emailChangeValidHours = 24;
export const passwordRecoveryValidMinutes = 60;

export type EmailAddressChangeAnswer = { emailAddress: string; confirmationSent: true };
export type PasswordRecoveryAnswer = { sent: true };

/** One of the user's sessions as `GET AccessTokenList` shows it (never its secret). */
export type MySession = {
  publicId: string;
  createdOn: string;
  lastUsedOn: string | null;
  /** Api-Application of the client that signed in, else its user agent. */
  client: string | null;
  /** The address it was last used from. */
  address: string | null;
  expiresOn: string;
  /** The session of this very request. */
  current: boolean;
};
