import type { Db } from '../../db/client.ts';
import { issueEnrolmentToken } from './agent-enrolment.service.ts';
import { insertAgentServer } from './agent-server.repository.ts';
import { insertAgent, replaceAgentGroups } from './agent.repository.ts';

/** Demo assets reached through the demo agent, when the demo catalogue has them. */
const linkedAssetNames = ['Filler PLC (S7-1500)', 'Line 1 operator panel'];

/**
 * Gives a new demo company an agent to attach the simulator to: its services are the
 * simulator's (`hmi`, `echo`, `vnc`: its HMI screen over RFB, `modbus`: its Modbus TCP server); the simulator picks free ports when it enrols and reports them,
 * which replaces the host and port seeded here. VPN access and web access to the HMI page and
 * screen need an approved request, so the demo engineer has something to ask for, and revoking it
 * ends the access. Returns the one-time enrolment token.
 */
export async function seedDemoAgent(db: Db, companyId: number): Promise<{ token: string; expiresOn: Date }> {
  const agent = await insertAgent(db, companyId, {
    name: 'Line 1 gateway',
    vpnRequireAccessApproval: true,
    // The simulator has an HMI display that shows the company's screensaver.
    hasDisplay: true,
  });
  await insertAgentServer(db, companyId, agent.id, {
    name: 'hmi',
    host: '127.0.0.1',
    port: 8081,
    requireAccessApproval: true,
  });
  await insertAgentServer(db, companyId, agent.id, { name: 'echo', host: '127.0.0.1', port: 7007 });
  // The simulator's Modbus TCP server, a data source's target: logging is not user access, so no approval.
  await insertAgentServer(db, companyId, agent.id, {
    name: 'modbus',
    host: '127.0.0.1',
    port: 502,
    type: 'tcp',
  });
  await insertAgentServer(db, companyId, agent.id, {
    name: 'vnc',
    host: '127.0.0.1',
    port: 5900,
    type: 'vnc',
    requireAccessApproval: true,
  });
  const firstGroup = await db
    .selectFrom('groups')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (firstGroup) await replaceAgentGroups(db, agent.id, [firstGroup.id]);
  await db
    .updateTable('assets')
    .set({ agent_id: agent.id })
    .where('company_id', '=', companyId)
    .where('name', 'in', linkedAssetNames)
    .execute();
  return issueEnrolmentToken(db, agent.id);
}
