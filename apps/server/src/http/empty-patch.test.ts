import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

/** A PATCH that names no property is valid input: it changes nothing and answers the item. */
describe('an empty PATCH', () => {
  it('answers every item with a 200 and leaves it as it was', async () => {
    const { admin, publicId } = await t.newCompany();
    const auth = { token: admin.token, company: publicId };
    const create = async (rel: string, body: object) => {
      const response = await t.call('POST', rel, { ...auth, body });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return (response.body.data as { publicId: string }).publicId;
    };
    const groupType = await create('GroupTypeList', { name: 'Line', color: '#12ab9f' });
    const assetType = await create('AssetTypeList', { name: 'PLC' });
    const agent = await create('AgentList', { name: 'Gateway' });
    const items: [string, string][] = [
      ['GroupType', groupType],
      ['AssetType', assetType],
      ['Agent', agent],
      [
        'AgentServer',
        await create('AgentServerList', {
          name: 'HMI',
          host: '10.0.0.7',
          port: 80,
          agent: { publicId: agent },
        }),
      ],
      ['Group', await create('GroupList', { name: 'Plant', groupType: { publicId: groupType } })],
      ['Asset', await create('AssetList', { name: 'Press', assetType: { publicId: assetType } })],
      ['Audience', await create('AudienceList', { name: 'Contractors' })],
      ['Role', await create('RoleList', { name: 'Operator', capabilities: [] })],
      [
        'CustomProperty',
        await create('CustomPropertyList', { name: 'Serial', key: 'serial', entity: 'agent', type: 'text' }),
      ],
      ['MqttBroker', await create('MqttBrokerList', { name: 'Broker', url: 'mqtt://10.0.0.1:1883' })],
    ];
    for (const [rel, id] of items) {
      const before = await t.call('GET', `${rel}/${id}`, auth);
      const patched = await t.call('PATCH', `${rel}/${id}`, { ...auth, body: {} });
      expect(`${rel} ${patched.status}`).toBe(`${rel} 200`);
      expect(patched.body.data).toEqual(before.body.data);
    }
  });
});
