import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerWireHooks } from './hooks.ts';

/** A safety net behind validation: database errors caused by the request's values are a 400, not a 500. */
describe('database errors the client caused', () => {
  const app = Fastify({ logger: false });
  registerWireHooks(app);
  app.get('/api/fail/:code', async (request) => {
    const { code } = request.params as { code: string };
    throw Object.assign(new Error(`database says ${code}`), { code });
  });

  const call = (code: string) =>
    app.inject({ method: 'GET', url: `/api/fail/${code}`, headers: { 'api-version': '2' } });

  it.each(['22P02', '22003', '22007', '22008', '22021', '22P05', '22001', '54000', '54001', '23514'])(
    '%s is a 400 in the wire format, without the database message',
    async (code) => {
      const response = await call(code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        type: 'Error',
        status: 'error',
        data: [{ message: 'Invalid value' }],
      });
    },
  );

  it('keeps a unique violation a 409 and anything else a 500', async () => {
    expect((await call('23505')).statusCode).toBe(409);
    expect((await call('XX000')).statusCode).toBe(500);
    expect((await call('40P01')).statusCode).toBe(500);
  });
});
