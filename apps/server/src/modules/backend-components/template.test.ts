import { describe, expect, it } from 'vitest';
import { backendComponentErrors, type BackendComponentTemplate } from '@fleetgate/contracts';
import { useTestServer } from '../../../test/harness.ts';
import {
  backendComponentFixtures,
  errorsOf,
  sampleCode,
  useOwnSecretKey,
} from './backend-components.test-support.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);

describe('BackendComponentTemplateList and BackendComponentTemplate', () => {
  it('needs a token (401) and the backend components right (403)', async () => {
    const { company, as } = await f.company();
    const template = await f.template(as);
    const { as: memberAs } = await f.member(company, ['dataLogging.manage']);
    const calls: [string, string, unknown?][] = [
      ['GET', 'BackendComponentTemplateList'],
      ['GET', `BackendComponentTemplate/${template.publicId}`],
      ['POST', 'BackendComponentTemplateList', { name: 'X', code: sampleCode }],
      ['PATCH', `BackendComponentTemplate/${template.publicId}`, { name: 'X' }],
      ['DELETE', `BackendComponentTemplate/${template.publicId}`],
      ['GET', `BackendComponentTemplateDownloadLogs/${template.publicId}`],
    ];
    for (const [method, rel, body] of calls) {
      const anonymous = await t.call(method, rel, { company: company.publicId, body });
      expect(anonymous.status, `${method} ${rel}`).toBe(401);
      const refused = await t.call(method, rel, { ...memberAs, body });
      expect(refused.status, `${method} ${rel}`).toBe(403);
    }
    const { as: managerAs } = await f.member(company, ['backendComponents.manage']);
    const list = await t.call('GET', 'BackendComponentTemplateList', managerAs);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([template]);
  });

  it('stores a template with its code and answers it as a GET does', async () => {
    const { company, as } = await f.company();
    const created = await f.template(as, { name: 'Fahrenheit', description: 'Converts' });
    expect(created).toMatchObject({
      name: 'Fahrenheit',
      description: 'Converts',
      code: sampleCode,
      own: true,
      company: { publicId: company.publicId },
    });
    const read = await t.call('GET', `BackendComponentTemplate/${created.publicId}`, as);
    expect(read.body.data).toEqual(created);

    const changed = await t.call('PATCH', `BackendComponentTemplate/${created.publicId}`, {
      ...as,
      body: { code: 'async function handler() { return 2; }' },
    });
    expect(changed.status).toBe(200);
    expect((changed.body.data as BackendComponentTemplate).code).toBe(
      'async function handler() { return 2; }',
    );

    const removed = await t.call('DELETE', `BackendComponentTemplate/${created.publicId}`, as);
    expect(removed.status).toBe(200);
    expect((await t.call('GET', `BackendComponentTemplate/${created.publicId}`, as)).status).toBe(404);
  });

  it('refuses adding a template in a company without the app: not fully provisioned', async () => {
    const { as } = await f.company(false);
    const response = await t.call('POST', 'BackendComponentTemplateList', {
      ...as,
      body: { name: 'X', code: sampleCode },
    });
    expect(response.status).toBe(403);
    expect(errorsOf(response)).toEqual([{ message: backendComponentErrors.notProvisioned }]);
  });

  it('refuses code that does not compile, naming the syntax error, without running it', async () => {
    const { as } = await f.company();
    const response = await t.call('POST', 'BackendComponentTemplateList', {
      ...as,
      body: { name: 'Broken', code: 'async function handler( {\n  return 1;\n}' },
    });
    expect(response.status).toBe(400);
    const [error] = errorsOf(response);
    expect(error?.propertyName).toBe('code');
    expect(error?.message).toMatch(/^SyntaxError: .+ \(line \d\)$/);

    // Compiling never runs: code that would stop the server at once is stored like any other.
    const harmless = await f.template(as, { code: 'process.exit(1); while (true) {}' });
    expect(harmless.code).toContain('process.exit');

    const patched = await t.call('PATCH', `BackendComponentTemplate/${harmless.publicId}`, {
      ...as,
      body: { code: '}' },
    });
    expect(patched.status).toBe(400);
    expect(errorsOf(patched)[0]?.propertyName).toBe('code');
  });

  it('refuses invalid input with the property named, and a name in use (any case) with a 409', async () => {
    const { as } = await f.company();
    const taken = await f.template(as, { name: 'Converter' });
    const cases: [unknown, string][] = [
      [{ code: sampleCode }, 'name'],
      [{ name: 'X' }, 'code'],
      [{ name: '', code: sampleCode }, 'name'],
      [{ name: 'X', code: 'x'.repeat(100_001) }, 'code'],
      [{ name: 'X', code: sampleCode, extra: 1 }, ''],
    ];
    for (const [body, propertyName] of cases) {
      const response = await t.call('POST', 'BackendComponentTemplateList', { ...as, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (propertyName) expect(errorsOf(response)[0]?.propertyName).toBe(propertyName);
    }
    const clash = await t.call('POST', 'BackendComponentTemplateList', {
      ...as,
      body: { name: 'CONVERTER', code: sampleCode },
    });
    expect(clash.status).toBe(409);
    expect(errorsOf(clash)).toEqual([{ message: backendComponentErrors.nameTaken, propertyName: 'name' }]);
    const other = await f.template(as);
    const renamed = await t.call('PATCH', `BackendComponentTemplate/${other.publicId}`, {
      ...as,
      body: { name: taken.name },
    });
    expect(renamed.status).toBe(409);
  });

  it('accepts code up to the longest allowed on an item PATCH', async () => {
    const { as } = await f.company();
    const template = await f.template(as);
    const code = `async function handler() {}\n//${'é'.repeat(99_960)}`;
    const response = await t.call('PATCH', `BackendComponentTemplate/${template.publicId}`, {
      ...as,
      body: { code },
    });
    expect(response.status).toBe(200);
  });

  it("treats another company's template as not found", async () => {
    const mine = await f.company();
    const theirs = await f.company();
    const template = await f.template(theirs.as);
    const path = `BackendComponentTemplate/${template.publicId}`;
    expect((await t.call('GET', path, mine.as)).status).toBe(404);
    expect((await t.call('PATCH', path, { ...mine.as, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.call('DELETE', path, mine.as)).status).toBe(404);
    expect(
      (await t.call('GET', `BackendComponentTemplateDownloadLogs/${template.publicId}`, mine.as)).status,
    ).toBe(404);
    expect((await t.call('GET', 'BackendComponentTemplateList', mine.as)).body.data).toEqual([]);
  });

  it('shows a shared template to the company shared with, without code and read-only', async () => {
    const owner = await f.company();
    const template = await f.template(owner.as, { name: 'Shared function' });
    const sharee = await f.reachableCompany(owner);
    const unshared = await f.company();
    await f.share(owner.as, template.publicId, sharee.publicId);

    const seen = await t.call('GET', 'BackendComponentTemplateList', sharee.as);
    expect(seen.body.data).toEqual([
      {
        ...template,
        own: false,
        code: null,
        company: { publicId: owner.company.publicId, name: expect.any(String) },
      },
    ]);
    const one = await t.call('GET', `BackendComponentTemplate/${template.publicId}`, sharee.as);
    expect((one.body.data as BackendComponentTemplate).code).toBeNull();

    const path = `BackendComponentTemplate/${template.publicId}`;
    const patch = await t.call('PATCH', path, { ...sharee.as, body: { name: 'Taken over' } });
    expect(patch.status).toBe(403);
    expect((await t.call('DELETE', path, sharee.as)).status).toBe(403);
    expect((await t.call('GET', path, owner.as)).body.data).toEqual(template);

    expect((await t.call('GET', 'BackendComponentTemplateList', unshared.as)).body.data).toEqual([]);
    expect((await t.call('GET', path, unshared.as)).status).toBe(404);

    // The owner's own list filters by ownership as the wire conventions say.
    const filtered = await t.call('GET', 'BackendComponentTemplateList', {
      ...sharee.as,
      query: { filters: `eq(company.publicId,"${owner.company.publicId}")`, fields: 'name' },
    });
    expect(filtered.body.data).toEqual([{ publicId: template.publicId, name: 'Shared function' }]);
  });
});
