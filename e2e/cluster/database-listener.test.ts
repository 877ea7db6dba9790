import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PgListener } from '../../apps/server/src/db/pg-listener.ts';
import { eventually } from '../../apps/server/src/relay/relay.test-support.ts';
import { useAdminConnection } from './admin-connection.ts';

/**
 * Every process hears the others (rights changed, live events, branding hosts, companies'
 * reactions) on one LISTEN connection. When PostgreSQL restarts or fails over, that connection
 * breaks: it must come back by itself and tell each channel that notifications were missed, or
 * the process would go on serving stale rights and never see another process's event. Needs
 * DATABASE_URL (vitest project `cluster`).
 */

const databaseUrl = process.env.DATABASE_URL!;
const admin = useAdminConnection();

const notify = (channel: string, payload: string) =>
  admin.query('select pg_notify($1, $2)', [channel, payload]);

function listening(name: string) {
  const channel = `fg_test_${randomUUID().replaceAll('-', '')}`;
  const heard: string[] = [];
  let missed = 0;
  const errors: unknown[] = [];
  const listener = new PgListener(databaseUrl, (error) => errors.push(error), name);
  return {
    channel,
    heard,
    errors,
    missed: () => missed,
    listener,
    start: async () => {
      await listener.start();
      await listener.listen(channel, {
        onNotification: (payload) => heard.push(payload),
        onMissed: () => (missed += 1),
      });
    },
  };
}

describe('the database listener', () => {
  it('hears notifications, comes back after its connection is cut, and says what it may have missed', async () => {
    const name = `fleetgate listener test ${randomUUID()}`;
    const one = listening(name);
    await one.start();
    await notify(one.channel, 'before');
    await eventually(async () => (one.heard.includes('before') ? true : undefined));

    expect(await admin.terminate(name)).toBe(1);
    // Sent while it is away: gone, and that is what onMissed reports.
    await notify(one.channel, 'while away');
    await eventually(async () => (one.missed() === 1 ? true : undefined), 15_000);
    await notify(one.channel, 'after');
    await eventually(async () => (one.heard.includes('after') ? true : undefined));
    expect(one.heard).not.toContain('while away');
    expect(one.errors.length).toBeGreaterThan(0);

    // A second cut is survived the same way.
    expect(await admin.terminate(name)).toBe(1);
    await eventually(async () => (one.missed() === 2 ? true : undefined), 15_000);
    await notify(one.channel, 'again');
    await eventually(async () => (one.heard.includes('again') ? true : undefined));

    await one.listener.close();
    expect(await admin.terminate(name)).toBe(0);
  });

  it('does not start without a database', async () => {
    const listener = new PgListener(
      'postgres://postgres@127.0.0.1:1/none',
      () => {},
      `unreachable ${randomUUID()}`,
    );
    await expect(listener.start()).rejects.toThrow();
  });

  it('refuses one channel listened to twice', async () => {
    const name = `fleetgate listener test ${randomUUID()}`;
    const one = listening(name);
    await one.start();
    await expect(
      one.listener.listen(one.channel, { onNotification: () => {}, onMissed: () => {} }),
    ).rejects.toThrow(/twice/);
    await one.listener.close();
  });
});
