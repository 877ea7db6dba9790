/**
 * Agent list at scale (issue 18): `GET AgentList` (fields=*, page-size 50, as the devices page
 * reads it) against a real server on PostgreSQL, for a company of 1,000 agents and one of
 * 100,000 in the same database. Prints median and p95 latency of BENCH_REQUESTS sequential
 * requests (default 200) per page and size, and the ratio 100k/1k (goal ≤ 2×), for the first
 * page in the default order and for filtered first pages: a name search, the online agents and
 * one group's agents (the list's `filters` parameter). The two sizes are asked in turn, request
 * by request, so a machine whose load changes weighs on both alike.
 *
 * The agents, their services, groups, memberships and open VPN sessions are seeded set-based
 * (`insert … select … generate_series`) in the shape the product writes them, then analysed as
 * a database in use would be; every 20 s the online agents' last_seen_at is set again, as the
 * relay's heartbeat does for attached agents (its sweep would otherwise end their sessions).
 * The companies and the signed-in administrator are made through the API. Needs PostgreSQL on BENCH_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), beside which a throwaway database is made
 * (BENCH_KEEP_DATABASE=1 keeps it, to EXPLAIN the list's queries afterwards).
 */
import pg from 'pg';
import { benchLogin, startBenchServer, throwawayDatabase } from '../support.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmUp = 20;
const goalRatio = 2;
const sizes = [1_000, 100_000] as const;

const database = await throwawayDatabase(
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
if (!database) throw new Error('This benchmark needs PostgreSQL (BENCH_POSTGRES_URL)');
const { server, port, cleanUp } = await startBenchServer({ DATABASE_URL: database.url });
const db = new pg.Client({ connectionString: database.url });
const print = (line: string) => process.stdout.write(line + '\n');
let heartbeats = Promise.resolve();

/** A random public id: 12 characters of [0-9a-z] (md5 of random data, as migration 0010 makes them). */
const publicId = `substr(md5(random()::text || clock_timestamp()::text), 1, 12)`;

/**
 * Seeds `count` agents in the company: sites and production lines as groups (a site holds about
 * 50 agents, so a bigger fleet has more sites), most agents in a site, some also in a line;
 * one to three services each; 90 % enrolled, a third of those online (an open VPN session on
 * the built-in relay). Names are "<site city>-<kind>-<number>", so a search finds a share.
 */
async function seedAgents(companyId: number, count: number) {
  const sites = Math.max(1, Math.round(count / 50));
  await db.query('begin');
  const {
    rows: [types],
  } = await db.query<{ site: number; line: number }>(
    `with t as (
       insert into group_types (public_id, company_id, name, color, sort_order)
       values (${publicId}, $1, 'Site', '#1565c0', 0), (${publicId}, $1, 'Line', '#6a1b9a', 1)
       returning id, name)
     select (select id from t where name = 'Site') as site, (select id from t where name = 'Line') as line`,
    [companyId],
  );
  await db.query(
    `insert into groups (public_id, company_id, name, color, group_type_id, created_at)
     select ${publicId}, $1,
       (array['Hamburg','Lyon','Turin','Porto','Gdansk','Malmo','Graz','Ghent'])[1 + g % 8] || ' site ' || g,
       '#1565c0', $2, now() - interval '400 days' + g * interval '1 minute'
     from generate_series(1, $3::int) g`,
    [companyId, types!.site, sites],
  );
  await db.query(
    `insert into groups (public_id, company_id, name, color, group_type_id, parent_id, created_at)
     select ${publicId}, $1, 'Line ' || (1 + s.n % 3), '#6a1b9a', $2, s.id, s.created_at + interval '1 second'
     from (select id, created_at, row_number() over (order by id) as n from groups
           where company_id = $1 and group_type_id = $3) s`,
    [companyId, types!.line, types!.site],
  );
  await db.query(
    `insert into agents (public_id, company_id, name, vpn_locked, web_access_locked,
       vpn_require_access_approval, use_stunnel, has_display, credential_hash, enrolled_at,
       last_seen_at, created_at)
     select ${publicId}, $1,
       (array['Hamburg','Lyon','Turin','Porto','Gdansk','Malmo','Graz','Ghent'])[1 + (g / 50) % 8]
         || '-' || (array['PLC','HMI','Gateway','Robot','Press','Chiller'])[1 + g % 6] || '-' || lpad(g::text, 6, '0'),
       g % 10 = 0, g % 17 = 0, g % 5 = 0, g % 23 = 0, g % 6 = 1,
       case when g % 10 <> 9 then encode(sha256(('bench-credential-' || $1::int || '-' || g)::bytea), 'hex') end,
       case when g % 10 <> 9 then now() - interval '390 days' + g * ($2::interval) end,
       case when g % 10 <> 9 then now() - (g % 1440) * interval '1 minute' end,
       now() - interval '400 days' + g * ($2::interval)
     from generate_series(1, $3::int) g`,
    [companyId, `${Math.floor((390 * 86_400_000) / count)} milliseconds`, count],
  );
  // Services: a PLC port on every agent, an HMI web page on half, VNC on a sixth.
  await db.query(
    `insert into agent_servers (public_id, company_id, agent_id, name, host, port, type,
       require_access_approval, created_at)
     select ${publicId}, $1, a.id, s.name, '192.168.' || (a.id % 250) || '.' || s.last, s.port, s.type,
       a.id % 7 = 0 and s.type <> 'tcp', a.created_at
     from agents a
     cross join (values ('PLC', 502, 'tcp', 10, 1), ('HMI', 80, 'http', 20, 2), ('Panel VNC', 5900, 'vnc', 30, 6))
       as s(name, port, type, last, every)
     where a.company_id = $1 and a.id % s.every = 0`,
    [companyId],
  );
  // Memberships: 80 % of agents in their site (about 50 per site), half of those in a line too.
  await db.query(
    `with site as (
       select id, row_number() over (order by id) - 1 as n from groups where company_id = $1 and group_type_id = $2),
     agent as (
       select id, row_number() over (order by created_at, public_id) - 1 as n from agents where company_id = $1)
     insert into agent_groups (agent_id, group_id, public_id, created_at)
     select agent.id, site.id, ${publicId}, clock_timestamp()
     from agent join site on site.n = (agent.n / 50) % $3
     where agent.n % 5 <> 4`,
    [companyId, types!.site, sites],
  );
  await db.query(
    `insert into agent_groups (agent_id, group_id, public_id, created_at)
     select ag.agent_id, line.id, ${publicId}, clock_timestamp()
     from agent_groups ag
     join groups site on site.id = ag.group_id and site.group_type_id = $2
     join lateral (select id from groups l where l.parent_id = site.id order by id limit 1) line on true
     where site.company_id = $1 and ag.agent_id % 2 = 0`,
    [companyId, types!.site],
  );
  // A third of the enrolled agents are online: an open session on the built-in relay.
  await db.query(
    `insert into vpn_sessions (public_id, company_id, agent_id, platform_server_id, vpn_address, started_at)
     select ${publicId}, $1, a.id,
       (select id from platform_servers where company_id is null and type = 'rsc' order by id limit 1),
       '10.187.' || (a.id / 256 % 256) || '.' || (a.id % 256), now() - (a.id % 600) * interval '1 minute'
     from agents a where a.company_id = $1 and a.credential_hash is not null and a.id % 3 = 0`,
    [companyId],
  );
  await db.query('commit');
  await heartbeat(companyId);
}

/**
 * What the relay does for attached agents at every heartbeat: they were seen now. Without it the
 * server's sweep ends the seeded sessions of agents not seen for 2 minutes.
 */
const heartbeatMs: number[] = [];
async function heartbeat(companyId: number) {
  const started = performance.now();
  await db.query(
    `update agents set last_seen_at = now()
     where id in (select agent_id from vpn_sessions where company_id = $1 and ended_at is null)`,
    [companyId],
  );
  heartbeatMs.push(performance.now() - started);
}

type Page = {
  data: { publicId: string; name: string; status: string; memberships: { group: { publicId: string } }[] }[];
  moreAfter: string | null;
};

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

try {
  await db.connect();
  const { base, signedIn } = await benchLogin(port);

  const companies: { size: number; id: number; publicId: string; groupPublicId: string }[] = [];
  for (const size of sizes) {
    const created = await fetch(`${base}/CompanyList`, {
      method: 'POST',
      headers: { ...signedIn, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Bench fleet ${size}` }),
    });
    if (!created.ok) throw new Error(`company not created: ${created.status} ${await created.text()}`);
    const { data: company } = (await created.json()) as { data: { publicId: string } };
    const started = performance.now();
    const { rows } = await db.query<{ id: number }>('select id from companies where public_id = $1', [
      company.publicId,
    ]);
    const id = rows[0]!.id;
    await seedAgents(id, size);
    // A site in the middle of the fleet: the group filter reads one site's agents.
    const {
      rows: [group],
    } = (await db.query(
      `select g.public_id from groups g join group_types t on t.id = g.group_type_id
       where g.company_id = $1 and t.name = 'Site' order by g.id offset $2 limit 1`,
      [id, Math.floor(size / 50 / 2)],
    )) as { rows: { public_id: string }[] };
    companies.push({ size, id, publicId: company.publicId, groupPublicId: group!.public_id });
    print(
      `seeded ${size.toLocaleString('en')} agents in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await db.query('analyze');
  const beating = setInterval(() => {
    for (const { id } of companies)
      heartbeats = heartbeats
        .then(() => heartbeat(id))
        .catch((error: unknown) => {
          print(`heartbeat failed: ${String(error)}`);
        });
  }, 20_000).unref();

  type Agent = Page['data'][number];
  const pages = [
    { label: 'first page', filters: () => [] as string[], holds: () => true },
    {
      label: 'name search',
      filters: () => ['contains(name,"gdansk-plc")'],
      holds: (agent: Agent) => agent.name.toLowerCase().includes('gdansk-plc'),
    },
    {
      label: 'online',
      filters: () => ['eq(status,"online")'],
      holds: (agent: Agent) => agent.status === 'online',
    },
    {
      label: 'one site group',
      filters: (groupId: string) => [`eq(memberships.group.publicId,"${groupId}")`],
      holds: (agent: Agent, groupId: string) => agent.memberships.some((m) => m.group.publicId === groupId),
    },
  ];
  const get = async (company: (typeof companies)[number], filters: string[]) => {
    const query = new URLSearchParams({ fields: '*', 'page-size': '50' });
    for (const filter of filters) query.append('filters', filter);
    const started = performance.now();
    const response = await fetch(`${base}/AgentList?${query}`, {
      headers: { ...signedIn, 'Api-Company': company.publicId },
    });
    const page = (await response.json()) as Page;
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`AgentList answered ${response.status}: ${JSON.stringify(page)}`);
    return { ms, page };
  };

  print(
    `\nGET AgentList, fields=*, page-size 50, PostgreSQL, ${requests} sequential requests per page and size` +
      ` (sizes in turn), after ${warmUp} warm-up requests`,
  );
  print(
    `${'page'.padEnd(16)}${sizes.map((size) => `${size.toLocaleString('en')} agents: median / p95`.padEnd(32)).join('')}ratio (median, p95)`,
  );
  const ratios: number[] = [];
  for (const { label, filters, holds } of pages) {
    const times = companies.map(() => [] as number[]);
    const found = companies.map(() => 0);
    for (let i = 0; i < warmUp + requests; i += 1) {
      for (const [n, company] of companies.entries()) {
        const { ms, page } = await get(company, filters(company.groupPublicId));
        if (i === 0 && page.data.length === 0) throw new Error(`${label}: no agents in ${company.size}`);
        if (i === 0 && !page.data.every((agent) => holds(agent, company.groupPublicId)))
          throw new Error(`${label}: the page holds other agents: ${JSON.stringify(page.data)}`);
        found[n] = page.data.length;
        if (i >= warmUp) times[n]!.push(ms);
      }
    }
    const figures = times.map((list) => {
      const sorted = [...list].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
    });
    const [small, large] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const ratio = { median: large.median / small.median, p95: large.p95 / small.p95 };
    ratios.push(ratio.median, ratio.p95);
    print(
      `${label.padEnd(16)}${figures.map((f) => `${f.median.toFixed(1)} ms / ${f.p95.toFixed(1)} ms`.padEnd(32)).join('')}` +
        `${ratio.median.toFixed(2)}×, ${ratio.p95.toFixed(2)}×   (${found.join(' / ')} agents on the page)`,
    );
  }
  const worst = Math.max(...ratios);
  print(`worst ratio ${worst.toFixed(2)}× (goal ≤ ${goalRatio}×)`);
  const beats = heartbeatMs.slice(sizes.length).sort((a, b) => a - b);
  if (beats.length > 0)
    print(
      `(${beats.length} heartbeats meanwhile, each company's online agents seen again: ` +
        `${beats[0]!.toFixed(0)}–${beats.at(-1)!.toFixed(0)} ms each)`,
    );
  clearInterval(beating);
} finally {
  await heartbeats.catch(() => undefined);
  await db.end().catch(() => undefined);
  if (server.exitCode === null)
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
      setTimeout(resolve, 10_000).unref();
    });
  if (process.env.BENCH_KEEP_DATABASE) print(`kept the database: ${database.url}`);
  else await database.drop();
  await cleanUp();
}
