import { inflateSync } from 'node:zlib';
import type { PageComponent } from '@fleetgate/contracts';
import type { useTestServer } from '../../../test/harness.ts';
import { newPublicId } from '../../http/ids.ts';
import { createMailer } from '../../mail/mailer.ts';
import { agentFixtures, type As } from '../agents/agent.test-support.ts';
import type { ReportWorkerDeps } from '../../jobs/report-queue.job.ts';

type TestServer = ReturnType<typeof useTestServer>;

/**
 * The text a PDF shows: every FlateDecode stream inflated, the strings of its text operators
 * (pdfkit writes hex strings in TJ arrays, WinAnsi) joined per operator, one per line.
 */
export function pdfText(pdf: Buffer) {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(bytes).toString('latin1'));
    } catch {
      streams.push(bytes.toString('latin1'));
    }
    pattern.lastIndex = end + 'endstream'.length;
  }
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const stream of streams)
    for (const array of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      lines.push(decoder.decode(Buffer.from(hex, 'hex')));
    }
  return lines.join('\n');
}

/** Factories for the report tests: apps, pages with a published version, tags and samples. */
export function reportFixtures(t: TestServer) {
  const agents = agentFixtures(t);
  const db = () => t.server.db;

  const idOf = async (table: 'companies' | 'users' | 'agents' | 'assets' | 'groups', publicId: string) =>
    (await db().selectFrom(table).select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow())
      .id;

  async function installReports(companyId: number) {
    await db()
      .insertInto('company_apps')
      .values({ company_id: companyId, app: 'reports', config: '{}', installed_by_user_id: null })
      .onConflict((c) => c.columns(['company_id', 'app']).doNothing())
      .execute();
  }

  /** A company with the reports app and an agent. */
  async function setup(withApp = true) {
    const { company, as, companyId } = await agents.setup();
    if (withApp) await installReports(companyId);
    const agent = await agents.createAgent(as, { name: `Boiler ${t.unique()}` });
    return { company, as, companyId, agent, agentId: await idOf('agents', agent.publicId) };
  }

  /**
   * A report page with (unless `published` is false) a published version holding these
   * components, linked to these agents and assets, of this group, or the default page.
   */
  async function page(
    companyId: number,
    title: string,
    components: PageComponent[],
    options: {
      published?: boolean;
      agentIds?: number[];
      assetIds?: number[];
      groupId?: number;
      isDefault?: boolean;
    } = {},
  ) {
    const row = await db()
      .insertInto('pages')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        title,
        kind: 'report',
        group_id: options.groupId ?? null,
        is_default: options.isDefault ?? false,
      })
      .returning(['id', 'public_id'])
      .executeTakeFirstOrThrow();
    if (options.agentIds?.length)
      await db()
        .insertInto('page_agents')
        .values(options.agentIds.map((agent_id) => ({ page_id: row.id, agent_id })))
        .execute();
    if (options.assetIds?.length)
      await db()
        .insertInto('page_assets')
        .values(options.assetIds.map((asset_id) => ({ page_id: row.id, asset_id })))
        .execute();
    if (options.published ?? true) {
      const version = await db()
        .insertInto('page_versions')
        .values({
          public_id: newPublicId(),
          company_id: companyId,
          page_id: row.id,
          title,
          components: JSON.stringify(components),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('pages')
        .set({ published_version_id: version.id })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  }

  /** A tag of the agent with samples (one per minute from `start`). */
  async function tagWithSamples(
    companyId: number,
    agentId: number,
    name: string,
    unit: string,
    start: Date,
    values: number[],
  ) {
    const source = await db()
      .insertInto('data_sources')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        agent_id: agentId,
        name: `Source ${t.unique()}`,
        kind: 'modbus',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = await db()
      .insertInto('tags')
      .values({
        public_id: newPublicId(),
        company_id: companyId,
        agent_id: agentId,
        data_source_id: source.id,
        name,
        address: 'hr:1',
        data_type: 'float32',
        unit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (values.length)
      await db()
        .insertInto('samples')
        .values(
          values.map((value, i) => ({ tag_id: tag.id, time: new Date(start.getTime() + i * 60_000), value })),
        )
        .execute();
    return tag.id;
  }

  function workerDeps(overrides: Partial<ReportWorkerDeps> = {}): ReportWorkerDeps {
    return {
      db: db(),
      events: t.server.built.events,
      mailer: createMailer(t.server.config),
      publicUrl: () => t.server.config.publicUrl,
      ...overrides,
    };
  }

  async function download(as: Partial<As>, publicId: string) {
    const response = await fetch(`${t.server.baseUrl}/api/ReportFile/${publicId}`, {
      headers: {
        'Api-Version': '2',
        ...(as.token ? { Authorization: `Bearer ${as.token}` } : {}),
        ...(as.company ? { 'Api-Company': as.company } : {}),
      },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  return { agents, db, idOf, installReports, setup, page, tagWithSamples, workerDeps, download };
}
