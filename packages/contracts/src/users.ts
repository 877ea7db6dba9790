import { z } from 'zod';
import { limits } from './limits.ts';
import type { TermsOfUsePolicy } from './terms.ts';
import { expiresOnInput } from './temporary-access.ts';

const publicIdRef = z.strictObject({ publicId: z.string().regex(/^[0-9a-z]{12}$/) });
const emailAddress = z.email().max(limits.nameMaxLength);

/** Stable messages of the users, invites and memberships API; the web app translates them. */
export const userErrorMessages = {
  alreadyMember: 'User is already a member',
  inviteExpired: 'Invite has expired',
  /** Nobody hands out (or takes away) a role holding rights they do not hold themselves. */
  roleAboveActor: 'Role grants rights you do not hold',
} as const;

/** How long an invitation can be accepted. Inviting the same address again renews it. */
export const inviteExpiryDays = 14;

/**
 * `POST UserInviteList` and `POST UserMembershipList`: both invite; nobody becomes a member
 * before accepting, so a user is named by address only (a publicId would tell whether it exists).
 */
export const inviteCreateInput = z.strictObject({ emailAddress, role: publicIdRef });
export type InviteCreateInput = z.infer<typeof inviteCreateInput>;

/** Accepting an invite; the terms-of-use policy the user accepted with it, when the company has one. */
export const inviteFinishInput = z.strictObject({ termsOfUsePolicy: publicIdRef.optional() });

export const membershipPatchInput = z.strictObject({
  role: publicIdRef.optional(),
  audience: publicIdRef.nullable().optional(),
  /** Temporary access: the membership ends then; null makes it last until removed. */
  expiresOn: expiresOnInput.optional(),
});
export type MembershipPatchInput = z.infer<typeof membershipPatchInput>;

/** `PUT UserMembershipUserList/{userPublicId}`: the user's role (and access category) in this company. */
export const membershipUserPutInput = z.strictObject({
  role: publicIdRef,
  audience: publicIdRef.nullable().optional(),
  expiresOn: expiresOnInput.optional(),
});

type Ref = { publicId: string; name: string };

export type UserMembership = {
  publicId: string;
  user: { publicId: string; name: string; emailAddress: string };
  role: Ref;
  audience: Ref | null;
  /** When the membership ends (temporary access); null while it lasts until removed. */
  expiresOn: string | null;
};

/** A member of the company as `UserList` shows it. */
export type CompanyUser = {
  publicId: string;
  name: string;
  emailAddress: string;
  role: Ref;
  audience: Ref | null;
  membership: { publicId: string; expiresOn: string | null };
};

/** A role the signed-in user may give to members (`AssignableRoleList`). */
export type AssignableRole = { publicId: string; name: string; builtIn: boolean };

/** A pending invite of the company (`UserInviteList`). */
export type UserInvite = {
  publicId: string;
  emailAddress: string;
  role: Ref;
  invitedBy: { publicId: string; name: string } | null;
  createdOn: string;
  expiresOn: string;
  expired: boolean;
};

/** An invite addressed to the signed-in user (`MyUserInviteList`). */
export type MyUserInvite = {
  publicId: string;
  company: { publicId: string; name: string };
  role: Ref;
  invitedBy: { publicId: string; name: string } | null;
  createdOn: string;
  expiresOn: string;
  /**
   * The terms of use that apply in the company (its own, else its sector's), shown before joining
   * and accepted with `InviteFinish`; MyUserInviteList gives them, audit entries do not.
   */
  termsOfUse?: TermsOfUsePolicy | null;
};
