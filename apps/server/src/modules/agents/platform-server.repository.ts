import type { Db } from '../../db/client.ts';
import { keysetPage } from '../../http/keyset.ts';
import type { ListQuery } from '../../http/resource.ts';

/** The relay (rsc) and data (mdr) servers a company may use: the shared ones and its own. */
function selectPlatformServers(db: Db, companyId: number) {
  return (
    db
      .selectFrom('platform_servers')
      .selectAll()
      .where((eb) => eb.or([eb('company_id', 'is', null), eb('company_id', '=', companyId)]))
      // Server processes' own registrations are the operator's: a session names its process as its
      // relay, but companies choose among the configured servers only.
      .where('internal_url', 'is', null)
  );
}

export type PlatformServerRow = Awaited<ReturnType<typeof listPlatformServers>>[number];

export function listPlatformServers(db: Db, companyId: number, query: ListQuery) {
  return keysetPage(selectPlatformServers(db, companyId), 'platform_servers', query).execute();
}

export function findPlatformServersByPublicIds(db: Db, companyId: number, publicIds: string[]) {
  return selectPlatformServers(db, companyId).where('public_id', 'in', publicIds).execute();
}
