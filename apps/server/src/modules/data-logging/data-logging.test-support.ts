import { expect } from 'vitest';
import type { Agent, AgentEnrolment, DataSource, Tag } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { licenceFixtures, type As } from '../licences/licence.test-support.ts';

type TestServer = ReturnType<typeof useTestServer>;

export type ApiErrorItem = { message: string; propertyName?: string; listIndex?: number };
export const errorsOf = (response: { body: { data: unknown } }) => response.body.data as ApiErrorItem[];

/** A company with data logging, an agent with a Modbus service, its data source and tags. */
export function dataLoggingFixtures(t: TestServer) {
  const licences = licenceFixtures(t);
  const db = () => t.server.db;

  async function agentWithService(as: As, name = `Gateway ${t.unique()}`) {
    const created = await t.call('POST', 'AgentList', {
      ...as,
      body: { name, servers: [{ name: 'plc', host: '10.0.0.5', port: 502, type: 'tcp' }] },
    });
    expect(created.status).toBe(201);
    const agent = created.body.data as Agent;
    const read = await t.call('GET', `Agent/${agent.publicId}`, { ...as, query: { fields: 'servers' } });
    const servers = (read.body.data as { servers: { publicId: string; name: string }[] }).servers;
    return { agent, service: servers[0]! };
  }

  async function modbusSource(as: As, agent: string, service: string, name = 'PLC') {
    const response = await t.call('POST', `AgentDataSourceList/${agent}`, {
      ...as,
      body: { name, kind: 'modbus', server: { publicId: service }, unitId: 3 },
    });
    expect(response.status).toBe(201);
    return response.body.data as DataSource;
  }

  async function tag(as: As, agent: string, source: string, name: string, address = 'hr:0') {
    const response = await t.call('POST', `AgentTagList/${agent}`, {
      ...as,
      body: { name, dataSource: { publicId: source }, address, dataType: 'float32', unit: '°C' },
    });
    expect(response.status).toBe(201);
    return response.body.data as Tag;
  }

  async function enrol(as: As, agent: string) {
    const token = await t.call('POST', `AgentEnrolmentTokenList/${agent}`, as);
    const enrolment = await t.call('POST', 'AgentEnrolment', {
      body: { token: (token.body.data as { token: string }).token },
    });
    return (enrolment.body.data as AgentEnrolment).credential;
  }

  async function activate(as: As, agent: string) {
    const response = await t.call('POST', 'AgentAppLoggingListActivate', {
      ...as,
      body: { publicId: agent, trial: true },
    });
    expect(response.status).toBe(201);
  }

  async function postBatch(credential: string | undefined, body: unknown) {
    const response = await fetch(`${t.server.baseUrl}/api/AgentSampleBatch`, {
      method: 'POST',
      headers: {
        'Api-Version': '2',
        'Content-Type': 'application/json',
        ...(credential ? { Authorization: `Bearer ${credential}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as { data: unknown } };
  }

  /** Everything a test of stored samples needs: an activated, enrolled agent with two tags. */
  async function loggingAgent() {
    const { as, company, companyId } = await licences.setup(['dataLogging']);
    const { agent, service } = await agentWithService(as);
    const source = await modbusSource(as, agent.publicId, service.publicId);
    const temperature = await tag(as, agent.publicId, source.publicId, 'temperature', 'hr:0');
    const pressure = await tag(as, agent.publicId, source.publicId, 'pressure', 'hr:2');
    const credential = await enrol(as, agent.publicId);
    await activate(as, agent.publicId);
    return { as, company, companyId, agent, service, source, temperature, pressure, credential };
  }

  const tagIdOf = async (publicId: string) =>
    (await db().selectFrom('tags').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
      .id;

  return {
    ...licences,
    agentWithService,
    modbusSource,
    tag,
    enrol,
    activate,
    postBatch,
    loggingAgent,
    tagIdOf,
  };
}
