import Fastify from 'fastify';
import pg from 'pg';

// A second reference: bare Fastify answering with the same page of roles from one raw pg
// query (no auth, no framework of ours). It shows what one database round trip costs here.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/', async () => {
  const { rows } = await pool.query<{ name: string }>(
    'select name from roles where company_id = (select min(id) from companies) order by created_at, public_id limit 51',
  );
  return { type: 'RoleList', status: 'success', data: rows.slice(0, 50) };
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${address}\n`);
