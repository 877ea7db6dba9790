import { z } from 'zod';

const publicIdRef = z.strictObject({ publicId: z.string().regex(/^[0-9a-z]{12}$/) });
type Ref = { publicId: string; name: string };

/** Stable messages of temporary access (portal spec §3); the web app translates them. */
export const temporaryAccessErrors = {
  /** An end of access must lie in the future. */
  notInFuture: 'EXPIRY_NOT_IN_FUTURE',
  /** Nobody sets or clears the end of their own access (a temporary member could make it last). */
  ownExpiry: 'EXPIRY_OF_OWN_ACCESS',
} as const;

/**
 * When a membership or group membership ends: an ISO date and time with offset, in the future
 * (the server checks that against its clock); null makes it last until removed.
 */
export const expiresOnInput = z.iso.datetime({ offset: true }).nullable();

/** Temporary-access reminders show from this many days before the end (portal spec §4). */
export const temporaryAccessReminderDays = 30;

/** `GroupMemberList`: a user given a role in a group (device rights on its agents and subgroups). */
export const groupMemberCreateInput = z.strictObject({
  group: publicIdRef,
  user: publicIdRef,
  role: publicIdRef,
  expiresOn: expiresOnInput.optional(),
});
export type GroupMemberCreateInput = z.infer<typeof groupMemberCreateInput>;

export const groupMemberPatchInput = z.strictObject({
  role: publicIdRef.optional(),
  expiresOn: expiresOnInput.optional(),
});
export type GroupMemberPatchInput = z.infer<typeof groupMemberPatchInput>;

export type GroupMember = {
  publicId: string;
  group: Ref;
  user: { publicId: string; name: string; emailAddress: string };
  role: Ref;
  expiresOn: string | null;
};

/**
 * `GET TemporaryAccessList`: the signed-in user's memberships and group memberships that end,
 * across companies, while they last (the membership's publicId, or the group membership's).
 */
export type TemporaryAccess = {
  publicId: string;
  expiresOn: string;
  company: Ref;
  group: Ref | null;
  role: Ref;
};
