import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

const invalid = (item: object) => ({ type: 'Error', status: 'error', data: [item] });

describe('text PostgreSQL cannot store is a 400 in every body and query', () => {
  it('refuses a NUL in a body value, naming the property', async () => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('POST', 'GroupTypeList', {
      token: admin.token,
      company: publicId,
      body: { name: 'Pump\u0000house' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ message: 'Invalid characters', propertyName: 'name' }));
  });

  it('refuses a lone surrogate inside a list item with its listIndex, and stores nothing', async () => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('POST', 'GroupTypeList', {
      token: admin.token,
      company: publicId,
      body: [{ name: 'Fine' }, { name: 'Broken \ud800' }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      invalid({ message: 'Invalid characters', propertyName: 'name', listIndex: 1 }),
    );
    const list = await t.call('GET', 'GroupTypeList', { token: admin.token, company: publicId });
    expect(list.body.data).toEqual([]);
  });

  it('refuses a NUL in a property name without echoing it', async () => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('PATCH', `Company/${publicId}`, {
      token: admin.token,
      company: publicId,
      body: { settings: { 'a\u0000b': 1 } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid({ message: 'Invalid characters', propertyName: 'settings' }));
  });

  it('refuses bodies nested deeper than any schema, however deep', async () => {
    const { admin, publicId } = await t.newCompany();
    for (const depth of [40, 200_000]) {
      const response = await fetch(`${t.server.baseUrl}/api/GroupTypeList`, {
        method: 'POST',
        headers: {
          'Api-Version': '2',
          Authorization: `Bearer ${admin.token}`,
          'Api-Company': publicId,
          'Content-Type': 'application/json',
        },
        body: `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ type: 'Error', status: 'error' });
    }
  });

  it('refuses a NUL in a query parameter, naming it', async () => {
    const { admin, publicId } = await t.newCompany();
    for (const [name, value] of [
      ['filters', 'contains(name,"a\u0000")'],
      ['fields', 'name\u0000'],
      ['page-after', '\u0000'],
    ] as const) {
      const response = await t.call('GET', 'GroupTypeList', {
        token: admin.token,
        company: publicId,
        query: { [name]: value },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(invalid({ message: 'Invalid characters', propertyName: name }));
    }
  });
});
