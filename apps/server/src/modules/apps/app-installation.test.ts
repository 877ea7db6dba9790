import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/harness.ts';
import { ApiError } from '../../http/errors.ts';
import { isAppInstalled, listInstalledApps, requireAppInstalled } from './app-installation.ts';

const t = useTestServer();

/** The gate other modules call before the work of an app's call. */
describe('requireAppInstalled', () => {
  async function companyId(publicId: string) {
    const row = await t.server.db
      .selectFrom('companies')
      .select('id')
      .where('public_id', '=', publicId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('closes an app’s calls with a 403 naming the app until the company installs it, and again after uninstalling', async () => {
    const company = await t.newCompany();
    const other = await t.newCompany();
    const id = await companyId(company.publicId);
    const as = { token: company.admin.token, company: company.publicId };

    const closed = await requireAppInstalled(t.server.db, id, 'dataLogging').catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(ApiError);
    expect((closed as ApiError).status).toBe(403);
    expect((closed as ApiError).items).toEqual([
      { message: 'The Data logging app is not installed in this company' },
    ]);

    expect((await t.call('POST', 'AppInstall/dataLogging', as)).status).toBe(201);
    await expect(requireAppInstalled(t.server.db, id, 'dataLogging')).resolves.toBeUndefined();
    expect(await isAppInstalled(t.server.db, id, 'dataLogging')).toBe(true);
    expect(await listInstalledApps(t.server.db, id)).toEqual(['dataLogging']);
    // Installed in one company only.
    const otherId = await companyId(other.publicId);
    await expect(requireAppInstalled(t.server.db, otherId, 'dataLogging')).rejects.toMatchObject({
      status: 403,
    });
    await expect(requireAppInstalled(t.server.db, id, 'alarming')).rejects.toMatchObject({
      status: 403,
      message: 'The Alarming app is not installed in this company',
    });

    expect((await t.call('DELETE', 'AppUninstall/dataLogging', as)).status).toBe(200);
    await expect(requireAppInstalled(t.server.db, id, 'dataLogging')).rejects.toMatchObject({ status: 403 });
    expect(await listInstalledApps(t.server.db, id)).toEqual([]);
  });
});
