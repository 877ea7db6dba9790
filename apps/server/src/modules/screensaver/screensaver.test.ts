import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RouterDisplayScreensaver } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import { pngBytes } from '../branding/branding.test-support.ts';
import { screensaverFixtures } from './screensaver.test-support.ts';

const t = useTestServer();
const f = screensaverFixtures(t);

const errorOf = (status: number, message: string, propertyName?: string) => ({
  status,
  body: {
    type: 'Error',
    status: 'error',
    data: [{ message, ...(propertyName === undefined ? {} : { propertyName }) }],
  },
});
const statusAndBody = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0'), 0, 0, 0xff, 0xd9]);
const webp = Buffer.concat([Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(24)]);

describe('RouterDisplayScreensaverUpload', () => {
  it('stores the image by its real type, shows it on the agent, replaces it and audits without the bytes', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    expect(agent).toMatchObject({ hasDisplay: true, routerDisplayScreensaver: null });
    const png = pngBytes(4, 4);
    // A PNG sent as image/jpeg is stored as what it is.
    const first = await f.upload(as, agent.publicId, png, 'image/jpeg');
    expect(first.status).toBe(201);
    const stored = first.body.data as RouterDisplayScreensaver;
    expect(first.body.type).toBe('RouterDisplayScreensaver');
    expect(stored).toEqual({
      publicId: expect.stringMatching(/^[0-9a-z]{12}$/),
      agent: { publicId: agent.publicId, name: 'Panel gateway' },
      contentType: 'image/png',
      size: png.length,
      createdOn: expect.any(String),
    });
    expect((await f.readAgent(as, agent.publicId)).routerDisplayScreensaver).toEqual({
      publicId: stored.publicId,
    });

    const replaced = await f.upload(as, agent.publicId, jpeg, 'image/jpeg');
    expect(replaced.status).toBe(201);
    const second = replaced.body.data as RouterDisplayScreensaver;
    expect(second.publicId).not.toBe(stored.publicId);
    expect(second.contentType).toBe('image/jpeg');
    expect((await f.getImage(as, stored.publicId)).response.status).toBe(404);
    expect((await f.readAgent(as, agent.publicId)).routerDisplayScreensaver).toEqual({
      publicId: second.publicId,
    });
    const webpUpload = await f.upload(as, agent.publicId, webp, 'image/webp');
    expect((webpUpload.body.data as RouterDisplayScreensaver).contentType).toBe('image/webp');
    const rows = await f
      .db()
      .selectFrom('router_display_screensavers')
      .select('public_id')
      .where('agent_id', '=', await f.idOf('agents', agent.publicId))
      .execute();
    expect(rows).toHaveLength(1);

    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: 'eq(resource.rel,"RouterDisplayScreensaver")', fields: 'action,before,after' },
    });
    const entries = audit.body.data as { action: string; before: unknown; after: unknown }[];
    expect(entries.map((e) => e.action).sort()).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'CREATE', before: null, after: stored }),
    );
    expect(JSON.stringify(entries)).not.toMatch(/bytes|sha256/);
  });

  it('refuses other types, SVG included, and an empty body (400 file)', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const unsupported = errorOf(400, 'Unsupported image type: use PNG, JPEG or WebP', 'file');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [ico, 'image/x-icon'],
      [Buffer.from('GIF89a...'), 'image/gif'],
      [Buffer.from('plain text pretending'), 'image/png'],
    ] as const)
      expect(statusAndBody(await f.upload(as, agent.publicId, bytes, type))).toEqual(unsupported);
    expect(statusAndBody(await f.upload(as, agent.publicId, Buffer.alloc(0)))).toEqual(
      errorOf(400, 'Required property', 'file'),
    );
    expect((await f.readAgent(as, agent.publicId)).routerDisplayScreensaver).toBeNull();
  });

  it('refuses more than 1 MB with a 413, declared or chunked, and takes 1 MB exactly', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const tooLarge = errorOf(413, 'File too large: a screensaver may have 1 MB', 'file');
    const over = pngBytes(2, 2, [1, 2, 3], 1024 * 1024);
    expect(statusAndBody(await f.upload(as, agent.publicId, over))).toEqual(tooLarge);
    expect(statusAndBody(await f.upload(as, agent.publicId, over, 'image/png', true))).toEqual(tooLarge);
    const base = pngBytes(2, 2, [1, 2, 3]).length + 12 + 'Comment\0'.length;
    const exact = pngBytes(2, 2, [1, 2, 3], 1024 * 1024 - base);
    expect(exact.length).toBe(1024 * 1024);
    expect((await f.upload(as, agent.publicId, exact)).status).toBe(201);
  });

  it('names the agent: missing (400), unknown or another company’s (404), without a display (400)', async () => {
    const { as } = await f.setup();
    const png = pngBytes();
    expect(statusAndBody(await f.upload(as, undefined, png))).toEqual(
      errorOf(400, 'Required property', 'agent'),
    );
    for (const id of ['zzzzzzzzzzzz', 'BAD'])
      expect(statusAndBody(await f.upload(as, id, png))).toEqual(errorOf(404, 'Not found', 'agent'));
    const other = await f.setup();
    const foreign = await f.agentWithDisplay(other.as);
    expect(statusAndBody(await f.upload(as, foreign.publicId, png))).toEqual(
      errorOf(404, 'Not found', 'agent'),
    );
    const plain = await f.agentWithDisplay(as, false, 'No screen');
    expect(statusAndBody(await f.upload(as, plain.publicId, png))).toEqual(
      errorOf(400, 'Agent has no display', 'agent'),
    );
    // Once the flag is set, the same upload is taken.
    await t.call('PATCH', `Agent/${plain.publicId}`, { ...as, body: { hasDisplay: true } });
    expect((await f.upload(as, plain.publicId, png)).status).toBe(201);
  });

  it('needs a token (401), a company (400), and agents.manage on the agent (403), by company or group role', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const png = pngBytes();
    expect((await f.upload({ token: 'nope', company: as.company }, agent.publicId, png)).status).toBe(401);
    expect((await f.upload({}, agent.publicId, png)).status).toBe(401);
    expect(statusAndBody(await f.upload({ token: as.token }, agent.publicId, png))).toEqual(
      errorOf(400, 'No company selected', 'Api-Company'),
    );
    const connector = await t.newMember(company, ['agents.connect']);
    const asConnector = { token: connector.token, company: company.publicId };
    expect(statusAndBody(await f.upload(asConnector, agent.publicId, png))).toEqual(
      errorOf(403, 'Missing capability'),
    );
    // A member without device rights does not see an agent outside their groups.
    const bystander = await t.newMember(company);
    const asBystander = { token: bystander.token, company: company.publicId };
    expect((await f.upload(asBystander, agent.publicId, png)).status).toBe(404);
    // agents.manage through a group holding the agent is enough.
    const group = await f.createGroup(as, 'Line 1');
    await t.call('PATCH', `Agent/${agent.publicId}`, {
      ...as,
      body: { memberships: [{ group: { publicId: group } }] },
    });
    await f.addGroupMember(company, group, bystander, ['agents.manage']);
    expect((await f.upload(asBystander, agent.publicId, png)).status).toBe(201);
  });
});

describe('RouterDisplayScreensaver', () => {
  it('serves the bytes with type, nosniff, ETag and private caching; 304 for a matching If-None-Match', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const png = pngBytes(3, 3);
    const stored = (await f.upload(as, agent.publicId, png)).body.data as RouterDisplayScreensaver;
    const { response, bytes } = await f.getImage(as, stored.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    expect(response.headers.get('etag')).toBe(`"${sha256(png)}"`);
    expect(bytes.equals(png)).toBe(true);
    const again = await f.getImage(as, stored.publicId, { 'If-None-Match': `"${sha256(png)}"` });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    // Any member who sees the agent may read it.
    const connector = await t.newMember(company, ['agents.connect']);
    const asConnector = { token: connector.token, company: company.publicId };
    expect((await f.getImage(asConnector, stored.publicId)).response.status).toBe(200);
    const bystander = await t.newMember(company);
    expect(
      (await f.getImage({ token: bystander.token, company: company.publicId }, stored.publicId)).response
        .status,
    ).toBe(404);
    expect((await f.getImage({ company: company.publicId }, stored.publicId)).response.status).toBe(401);
    const other = await f.setup();
    expect((await f.getImage(other.as, stored.publicId)).response.status).toBe(404);
    for (const id of ['zzzzzzzzzzzz', 'ABC']) {
      const { response: missing, bytes: body } = await f.getImage(as, id);
      expect(missing.status).toBe(404);
      expect(JSON.parse(body.toString())).toEqual(errorOf(404, 'Not found').body);
    }
  });

  it('DELETE removes it (audited); needs agents.manage (403); another company’s is a 404', async () => {
    const { company, as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const stored = (await f.upload(as, agent.publicId, pngBytes())).body.data as RouterDisplayScreensaver;
    const connector = await t.newMember(company, ['agents.connect']);
    const refused = await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, {
      token: connector.token,
      company: company.publicId,
    });
    expect(statusAndBody(refused)).toEqual(errorOf(403, 'Missing capability'));
    const other = await f.setup();
    expect((await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, other.as)).status).toBe(
      404,
    );
    expect(
      (await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, { company: as.company })).status,
    ).toBe(401);

    const removed = await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, as);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual(stored);
    expect((await f.readAgent(as, agent.publicId)).routerDisplayScreensaver).toBeNull();
    expect((await f.getImage(as, stored.publicId)).response.status).toBe(404);
    expect((await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, as)).status).toBe(404);
    const audit = await t.call('GET', 'AuditLogList', {
      ...as,
      query: { filters: 'eq(resource.rel,"RouterDisplayScreensaver")', fields: 'action,before,after' },
    });
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: 'DELETE', before: stored, after: null }),
    );
  });

  it('is removed with its agent', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const stored = (await f.upload(as, agent.publicId, pngBytes())).body.data as RouterDisplayScreensaver;
    expect((await t.call('DELETE', `Agent/${agent.publicId}`, as)).status).toBe(200);
    expect((await f.getImage(as, stored.publicId)).response.status).toBe(404);
  });
});

describe('AgentScreensaver (the agent fetches its image)', () => {
  it('answers 204 without an image, the image with its ETag, 304 when unchanged, and the new one after a change', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    const credential = await f.enrol(as, agent);
    const none = await f.agentFetch(credential);
    expect(none.response.status).toBe(204);

    const png = pngBytes(5, 5);
    await f.upload(as, agent.publicId, png);
    const got = await f.agentFetch(credential);
    expect(got.response.status).toBe(200);
    expect(got.response.headers.get('content-type')).toBe('image/png');
    expect(got.response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = got.response.headers.get('etag')!;
    expect(etag).toBe(`"${sha256(png)}"`);
    expect(got.bytes.equals(png)).toBe(true);

    const unchanged = await f.agentFetch(credential, etag);
    expect(unchanged.response.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);

    await f.upload(as, agent.publicId, jpeg, 'image/jpeg');
    const changed = await f.agentFetch(credential, etag);
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).toBe(`"${sha256(jpeg)}"`);
    expect(changed.bytes.equals(jpeg)).toBe(true);

    const stored = (await f.readAgent(as, agent.publicId)).routerDisplayScreensaver!;
    await t.call('DELETE', `RouterDisplayScreensaver/${stored.publicId}`, as);
    expect((await f.agentFetch(credential, etag)).response.status).toBe(204);
  });

  it('refuses a wrong or missing credential with a 401 in the wire format', async () => {
    const { as } = await f.setup();
    const agent = await f.agentWithDisplay(as);
    await f.enrol(as, agent);
    const wrong = await f.agentFetch('a'.repeat(43));
    expect(wrong.response.status).toBe(401);
    expect(JSON.parse(wrong.bytes.toString())).toMatchObject({ status: 'error' });
    const bare = await fetch(`${t.server.baseUrl}/api/AgentScreensaver`, { headers: { 'Api-Version': '2' } });
    expect(bare.status).toBe(401);
    // A user's access token is not an agent credential.
    expect((await f.agentFetch(as.token)).response.status).toBe(401);
  });
});

describe('Agent.hasDisplay', () => {
  it('defaults to false, is set on create and patch, and filters the list', async () => {
    const { as } = await f.setup();
    const plain = await f.createAgent(as, { name: 'Plain' });
    expect(plain.hasDisplay).toBe(false);
    const panel = await f.agentWithDisplay(as);
    const patched = await t.call('PATCH', `Agent/${plain.publicId}`, { ...as, body: { hasDisplay: true } });
    expect(patched.body.data).toMatchObject({ hasDisplay: true });
    await t.call('PATCH', `Agent/${plain.publicId}`, { ...as, body: { hasDisplay: false } });
    const list = await t.call('GET', 'AgentList', { ...as, query: { filters: 'eq(hasDisplay,true)' } });
    expect((list.body.data as { publicId: string }[]).map((a) => a.publicId)).toEqual([panel.publicId]);
    const bad = await t.call('PATCH', `Agent/${plain.publicId}`, { ...as, body: { hasDisplay: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ propertyName: 'hasDisplay' })]);
  });
});
