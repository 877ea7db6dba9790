import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/harness.ts';

const t = useTestServer();

/** Filter values reach PostgreSQL as parameters of the column's type: out of its range is a 400, not a database error. */
describe('filter values are checked against the column type', () => {
  it.each([
    ['AssetTypeList', 'eq(order,1.5)'],
    ['AssetTypeList', 'lt(order,2147483648)'],
    ['AssetTypeList', 'gt(order,-2147483649)'],
    ['AssetTypeList', 'in(order,1,1e300)'],
    ['AssetTypeList', 'between(order,0,1e10)'],
    ['AgentServerList', 'eq(port,99999999999)'],
    ['AgentList', 'gte(lastSeenOn,"0000-01-01")'],
    ['AgentList', 'lt(createdOn,"9999-12-31T23:00:00-05:00")'],
    ['AgentList', 'lt(createdOn,"2026-01-01T00:00:00+99:00")'],
    ['AgentList', `eq(name,"${'x'.repeat(2049)}")`],
    ['AgentList', `contains(name,"${'x'.repeat(3000)}")`],
  ])('%s %.60s is a 400 naming filters', async (rel, filter) => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('GET', rel, {
      token: admin.token,
      company: publicId,
      query: { filters: filter },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: 'Error', data: [{ propertyName: 'filters' }] });
  });

  it.each([
    ['AssetTypeList', 'and(gte(order,-2147483648),lte(order,2147483647))'],
    ['AssetTypeList', 'in(order,1e3,2000)'],
    ['AgentServerList', 'between(port,1,65535)'],
    ['AgentList', 'and(gt(createdOn,"0001-01-01"),lt(createdOn,"9999-12-31T23:59:59.999Z"))'],
    ['AgentList', `contains(name,"${'x'.repeat(2048)}")`],
  ])('%s %.60s at the limits is answered', async (rel, filter) => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('GET', rel, {
      token: admin.token,
      company: publicId,
      query: { filters: filter },
    });
    expect(response.status).toBe(200);
  });
});

describe('page-after cursors are checked before they reach the database', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['year 0', cursor(['0000-01-01T00:00:00.000Z', 'abcdefabcdef'])],
    ['year 275760', cursor(['+275760-09-13T00:00:00.000Z', 'abcdefabcdef'])],
    ['NUL in the id', cursor(['2026-01-01T00:00:00.000Z', 'abc\u0000'])],
    ['a lone surrogate in the id', cursor(['2026-01-01T00:00:00.000Z', '\ud800'])],
    ['garbage base64', 'AAAA'],
    ['an object', cursor({ at: '2026-01-01T00:00:00.000Z', publicId: 'abcdefabcdef' })],
  ])('%s is a 400 naming page-after', async (_, pageAfter) => {
    const { admin, publicId } = await t.newCompany();
    const response = await t.call('GET', 'AgentList', {
      token: admin.token,
      company: publicId,
      query: { 'page-after': pageAfter },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ type: 'Error', data: [{ propertyName: 'page-after' }] });
  });
});
