import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { backendComponentFixtures, useOwnSecretKey } from './backend-components.test-support.ts';

useOwnSecretKey();
const t = useTestServer();
const f = backendComponentFixtures(t);

async function download(as: { token: string; company: string }, publicId: string) {
  const url = new URL(`/api/BackendComponentTemplateDownloadLogs/${publicId}`, t.server.baseUrl);
  const response = await fetch(url, {
    headers: { 'Api-Version': '2', Authorization: `Bearer ${as.token}`, 'Api-Company': as.company },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function addRun(companyId: number, templatePublicId: string, run: Record<string, unknown>) {
  const template = await t.server.db
    .selectFrom('backend_component_templates')
    .select('id')
    .where('public_id', '=', templatePublicId)
    .executeTakeFirstOrThrow();
  await t.server.db
    .insertInto('backend_component_runs')
    .values({
      company_id: companyId,
      template_id: template.id,
      trigger: 'tagSamples',
      status: 'ok',
      started_at: new Date('2026-03-01T10:00:00.000Z'),
      duration_ms: 12,
      logs: '[]',
      result: null,
      error: null,
      ...run,
    })
    .execute();
}

describe('BackendComponentTemplateDownloadLogs', () => {
  it("downloads the company's runs, newest first, as cloud-function.log", async () => {
    const owner = await f.company();
    const template = await f.template(owner.as, { name: 'Fahrenheit' });
    await addRun(owner.companyId, template.publicId, {
      logs: JSON.stringify([{ level: 'log', text: 'converting 21.5', at: '2026-03-01T10:00:00.005Z' }]),
      result: JSON.stringify({ fahrenheit: 70.7 }),
    });
    await addRun(owner.companyId, template.publicId, {
      trigger: 'schedule',
      status: 'timeout',
      started_at: new Date('2026-03-01T11:00:00.000Z'),
      duration_ms: 5000,
      error: 'Stopped after 5000 ms\nat handler (function.js:2)',
    });

    const response = await download(owner.as, template.publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cloud-function.log"');
    expect(response.text).toBe(
      [
        '# Fahrenheit: 2 runs, newest first',
        '',
        '=== 2026-03-01T11:00:00.000Z  TIMEOUT  5000 ms  trigger: schedule',
        '  error: Stopped after 5000 ms',
        '  at handler (function.js:2)',
        '',
        '=== 2026-03-01T10:00:00.000Z  OK  12 ms  trigger: tagSamples',
        '  [2026-03-01T10:00:00.005Z] log: converting 21.5',
        '  result: {"fahrenheit":70.7}',
        '',
      ].join('\n'),
    );
  });

  it('shows a company only its own runs of a shared template; others get a 404', async () => {
    const owner = await f.company();
    const template = await f.template(owner.as, { name: 'Shared' });
    const sharee = await f.reachableCompany(owner);
    await f.share(owner.as, template.publicId, sharee.publicId);
    await addRun(owner.companyId, template.publicId, { trigger: 'owner-run' });
    await addRun(sharee.companyId, template.publicId, { trigger: 'sharee-run' });

    const seen = await download(sharee.as, template.publicId);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('sharee-run');
    expect(seen.text).not.toContain('owner-run');

    const stranger = await f.company();
    expect((await download(stranger.as, template.publicId)).status).toBe(404);
    const empty = await f.template(stranger.as, { name: 'Idle' });
    expect((await download(stranger.as, empty.publicId)).text).toBe('# Idle: no runs yet\n');
  });
});
