import type { Capability } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { newPublicId } from '../../http/ids.ts';

/**
 * Test factories for devices and access: rows inserted directly, so the access rules and
 * access requests are tested without depending on the Agent routes.
 */
export function deviceFixtures(db: () => Db) {
  const idOf = async (table: 'users' | 'companies', publicId: string) =>
    (await db().selectFrom(table).select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
      .id;

  async function agent(
    companyPublicId: string,
    flags: Partial<{
      vpnLocked: boolean;
      webAccessLocked: boolean;
      vpnRequireAccessApproval: boolean;
      controlledBy: string;
      name: string;
    }> = {},
  ) {
    const companyId = await idOf('companies', companyPublicId);
    const row = await db()
      .insertInto('agents')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        name: flags.name ?? `Agent ${newPublicId()}`,
        vpn_locked: flags.vpnLocked ?? false,
        web_access_locked: flags.webAccessLocked ?? false,
        vpn_require_access_approval: flags.vpnRequireAccessApproval ?? false,
        controlled_by_company_id: flags.controlledBy ? await idOf('companies', flags.controlledBy) : null,
      })
      .returning(['id', 'public_id', 'name'])
      .executeTakeFirstOrThrow();
    return { id: row.id, publicId: row.public_id, name: row.name, companyId };
  }

  async function server(
    agentRow: { id: number; companyId: number },
    options: Partial<{ name: string; requireAccessApproval: boolean; serviceGroup: string }> = {},
  ) {
    const row = await db()
      .insertInto('agent_servers')
      .values({
        public_id: newPublicId(),
        company_id: agentRow.companyId,
        agent_id: agentRow.id,
        name: options.name ?? `Service ${newPublicId()}`,
        host: '127.0.0.1',
        port: 80,
        require_access_approval: options.requireAccessApproval ?? false,
        service_group: options.serviceGroup ?? null,
      })
      .returning(['id', 'public_id', 'name'])
      .executeTakeFirstOrThrow();
    return { id: row.id, publicId: row.public_id, name: row.name };
  }

  /** A group of the company (under `parentId` when given), optionally containing an agent. */
  async function group(companyId: number, options: { parentId?: number; agentId?: number } = {}) {
    const type = await db()
      .insertInto('group_types')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        name: `Type ${newPublicId()}`,
        color: '#123456',
        sort_order: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db()
      .insertInto('groups')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        name: `Group ${newPublicId()}`,
        color: '#123456',
        group_type_id: type.id,
        parent_id: options.parentId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (options.agentId !== undefined)
      await db()
        .insertInto('agent_groups')
        .values({ agent_id: options.agentId, group_id: row.id, public_id: newPublicId() })
        .execute();
    return row.id;
  }

  /** Gives a user a role with these capabilities in one group. */
  async function groupRole(
    companyId: number,
    groupId: number,
    userPublicId: string,
    capabilities: Capability[],
  ) {
    const role = await db()
      .insertInto('roles')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        name: `Group role ${newPublicId()}`,
        capabilities: JSON.stringify(capabilities),
        built_in: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('group_members')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        group_id: groupId,
        user_id: await idOf('users', userPublicId),
        role_id: role.id,
      })
      .execute();
  }

  /** Puts a member of a company in an access category (audience) of that name. */
  async function category(companyPublicId: string, userPublicId: string, name: string) {
    const companyId = await idOf('companies', companyPublicId);
    const existing = await db()
      .selectFrom('audiences')
      .select('id')
      .where('company_id', '=', companyId)
      .where('name', '=', name)
      .executeTakeFirst();
    const audienceId =
      existing?.id ??
      (
        await db()
          .insertInto('audiences')
          .values({ public_id: newPublicId(), company_id: companyId, name, description: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await db()
      .updateTable('memberships')
      .set({ audience_id: audienceId })
      .where('company_id', '=', companyId)
      .where('user_id', '=', await idOf('users', userPublicId))
      .execute();
  }

  /** A request stored as it would be after its decision, for the access rules. */
  async function request(options: {
    agent: { id: number; companyId: number };
    userId: number;
    vpn: boolean;
    status: 'pending' | 'approved' | 'rejected' | 'revoked';
    startsOn: Date;
    endsOn: Date;
    serverIds?: number[];
  }) {
    const row = await db()
      .insertInto('access_requests')
      .values({
        public_id: newPublicId(),
        company_id: options.agent.companyId,
        agent_id: options.agent.id,
        user_id: options.userId,
        vpn: options.vpn,
        starts_on: options.startsOn,
        ends_on: options.endsOn,
        reason: 'test',
        status: options.status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const serverId of options.serverIds ?? [])
      await db()
        .insertInto('access_request_servers')
        .values({ access_request_id: row.id, agent_server_id: serverId })
        .execute();
    return row.id;
  }

  return { idOf, agent, server, group, groupRole, category, request };
}
