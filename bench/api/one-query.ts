import Fastify from 'fastify';
import pg from 'pg';

// The reference the API is measured against (issue 18): bare Fastify answering the same page
// as `GET RoleList?fields=name&page-size=50` from one raw pg query — the same company, the same
// keyset order, one row more to know whether a page follows, and the same envelope (publicId
// and name per role, moreAfter as the API encodes it). No auth, no framework of ours: what one
// database round trip and one JSON answer cost on this machine.
const companyPublicId = process.env.COMPANY_PUBLIC_ID;
if (!companyPublicId) throw new Error('COMPANY_PUBLIC_ID is required');
const pageSize = 50;
// The same pool size as the server's (db/client.ts), so neither side gets more database sessions.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_MAX ?? 20),
});
const app = Fastify({ logger: false });
app.get('/', async () => {
  const { rows } = await pool.query<{ public_id: string; name: string; created_at: Date }>(
    `select r.public_id, r.name, r.created_at from roles r
      where r.company_id = (select id from companies where public_id = $1)
      order by r.created_at, r.public_id limit $2`,
    [companyPublicId, pageSize + 1],
  );
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  const moreAfter =
    rows.length > pageSize && last
      ? Buffer.from(JSON.stringify([last.created_at.toISOString(), last.public_id])).toString('base64url')
      : null;
  return {
    type: 'RoleList',
    status: 'success',
    data: page.map((row) => ({ publicId: row.public_id, name: row.name })),
    moreAfter,
  };
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
// Exit (rather than die) on SIGTERM, so a `--cpu-prof` profile is written.
process.on('SIGTERM', () => process.exit(0));
