import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';

/**
 * SHA-256 (hex) of host names no branding may claim and the public lookup refuses as not found
 * (spec §8). Only the hashes live in code; the names are listed in the README section
 * "Branding host names" (loopback names and well-known public domains).
 */
export const blockedHostHashes: ReadonlySet<string> = new Set([
  '49960de5880e8c687434170f6476605b8fe4aeb9a28632c7995cf3ba831d9763',
  '151b43d38accf64fa2ed75d267cce8c75cfc07ae86064c4ca6e33354e2a9d99a',
  '12ca17b49af2289436f303e0166030a21e525d266e209267433801a8fd4071a0',
  'eff8e7ca506627fe15dda5e0e512fcaad70b6d520f37cc76597fdb4f2d83a1a3',
  '19e36255972107d42b8cecb77ef5622e842e8a50778a6ed8dd1ce94732daca9e',
  '0beac59d58fb0163f10d2e363665ac78ae1d0554b58f73eedd9627098076b6f2',
  '33a9a796962f31fd3bc1e8c9df0e506d2504c6202514384a8e0762019b5a4662',
  'a379a6f6eeafb9a55e378c118034e2751e682fab9f2d30ab13d2125586ce1947',
  'bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b5',
  '3daab7cff97925bbd07d11df5dc3b0e37e2d965520175ada0ec62ce72cda5ed2',
  'd4c9d9027326271a89ce51fcaf328ed673f17be33469ff979e8ab8dd501e664f',
  '24299f39915b1fa56eba4eec3ead519614e2d132296e7983ff5925529479d934',
  '2265cbcc3ef24106c9e0eddbd04f3cca0d03225da3fcca8e2d86f7a394af9283',
  'b19511d5c8085aea2d88c7ec5ecea136e3a36a58c0798197344be1aeb1667617',
  '3aeb002460381c6f258e8395d3026f571f0d9a76488dcd837639b13aed316560',
]);

/**
 * The host name of a Host-style value: lower-cased, without port and without the root label's
 * trailing dot (`Example.COM.:8443` → `example.com`, `[::1]:80` → `::1`). Undefined for values
 * that are no host name at all.
 */
export function normalizeHostName(host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::\d{1,5})?$/i.exec(host.trim());
  const name = (match?.[1] ?? match?.[2])?.toLowerCase().replace(/\.$/, '');
  return name ? name : undefined;
}

/** Whether a (normalised) host name is in the built-in blocklist. */
export function isBlockedHost(name: string): boolean {
  return blockedHostHashes.has(createHash('sha256').update(name).digest('hex'));
}

export type HostOwner = { companyId: number | null; sectorId: number | null };

/**
 * The company or sector whose branding claims a host name (any case, port or trailing dot), or
 * undefined when none does or the name is blocked.
 */
export async function findHostOwner(db: Db, host: string): Promise<HostOwner | undefined> {
  const name = normalizeHostName(host);
  if (!name || isBlockedHost(name)) return undefined;
  const row = await db
    .selectFrom('brandings')
    .select(['company_id', 'sector_id'])
    .where('fqdn', '=', name)
    .executeTakeFirst();
  return row ? { companyId: row.company_id, sectorId: row.sector_id } : undefined;
}
