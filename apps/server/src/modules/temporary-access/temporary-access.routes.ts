import type { TemporaryAccess } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { listTemporaryGroupMemberships, listTemporaryMemberships } from './temporary-access.repository.ts';

/**
 * `GET TemporaryAccessList`: the signed-in user's own memberships and group memberships that end
 * (portal spec §3 "Temporary access"), across companies and soonest end first, while they last.
 * It feeds the portal's temporary-access reminders, so it needs no company header.
 */
export function registerTemporaryAccessRoutes(api: Api) {
  api.route({
    rel: 'TemporaryAccessList',
    method: 'GET',
    access: 'user',
    doc: { summary: "The signed-in user's memberships and group memberships that end" },
    handler: async (ctx) => {
      const [memberships, groupMemberships] = await Promise.all([
        listTemporaryMemberships(ctx.db, ctx.user.id),
        listTemporaryGroupMemberships(ctx.db, ctx.user.id),
      ]);
      const data: TemporaryAccess[] = [
        ...memberships.map((row) => ({ ...common(row), group: null })),
        ...groupMemberships.map((row) => ({
          ...common(row),
          group: { publicId: row.group_public_id, name: row.group_name },
        })),
      ].sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.publicId.localeCompare(b.publicId));
      return { type: 'TemporaryAccessList', data, moreAfter: null };
    },
  });
}

type Row = {
  public_id: string;
  expires_on: Date | null;
  company_public_id: string;
  company_name: string;
  role_public_id: string;
  role_name: string;
};

function common(row: Row) {
  return {
    publicId: row.public_id,
    // Only rows with an end are read.
    expiresOn: row.expires_on!.toISOString(),
    company: { publicId: row.company_public_id, name: row.company_name },
    role: { publicId: row.role_public_id, name: row.role_name },
  };
}
