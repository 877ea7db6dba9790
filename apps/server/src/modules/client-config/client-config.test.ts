import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { useTestServer } from '../../../test/harness.ts';

describe('ClientConfig without optional settings', () => {
  const t = useTestServer();

  it('is public and answers nulls for what is not configured', async () => {
    const response = await t.call('GET', 'ClientConfig');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      type: 'ClientConfig',
      status: 'success',
      data: {
        helpCentreUrl: null,
        cloudDomain: null,
        statusPageUrl: null,
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        sentryDsn: null,
      },
    });
  });

  it('is listed in discovery for GET', async () => {
    const discovery = await t.call('GET', '/api');
    const entries = discovery.body.data as { rel: string; methods: string[] }[];
    expect(entries.find((entry) => entry.rel === 'ClientConfig')?.methods).toEqual(['GET']);
  });
});

describe('ClientConfig with the settings', () => {
  it('answers the configured values', async () => {
    const config = {
      ...loadConfig({
        HELP_CENTRE_URL: 'https://help.example.com/start?lang=en',
        CLOUD_DOMAIN: 'fleetgate.example',
        STATUS_PAGE_URL: 'https://status.example.com',
      }),
      webDist: undefined,
    };
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
    const { app } = await buildApp({ config, db, logger: false });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/ClientConfig',
        headers: { 'Api-Version': '2', host: new URL(config.publicUrl).host },
      });
      expect(response.statusCode).toBe(200);
      // The help panel may frame exactly the help centre's origin.
      expect(response.headers['content-security-policy']).toMatch(
        /frame-src 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\* https:\/\/help\.example\.com;/,
      );
      expect(response.json()).toMatchObject({
        data: {
          helpCentreUrl: 'https://help.example.com/start?lang=en',
          cloudDomain: 'fleetgate.example',
          statusPageUrl: 'https://status.example.com',
        },
      });
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
