import { createHash } from 'node:crypto';
import {
  brandingErrorMessages,
  errorMessages,
  type Branding,
  type BrandingImageSlot,
  type BrandingPatchInput,
  type NamedReference,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { writeCompanySetting } from '../company-properties/company-settings.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, conflict } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { isBlockedHost, normalizeHostName } from './branding-host.ts';
import { publishBrandingHostsChange } from './branding-host-cache.ts';
import {
  deleteBrandingImage,
  ensureBranding,
  findBrandingByFqdn,
  findBrandingOf,
  findBrandingsOfAny,
  findCompanyLineage,
  findCompanyNamed,
  findSectorNamed,
  findSectorsByIds,
  insertBrandingImage,
  lockBrandingOf,
  updateBranding,
  type BrandingChanges,
  type BrandingOwnerKey,
  type BrandingRecord,
} from './branding.repository.ts';
import { customReleaseNotesUrl, hasBrandingValues, presentBranding } from './branding.presenter.ts';

/** A company or a sector whose branding is read or changed. */
export type BrandingOwnerRef = { type: 'company' | 'sector'; id: number };

/** Who changes a branding, for the audit (no user for the operator CLI). */
export type BrandingActor = {
  userId: number | null;
  clientAddress: string | null;
  publicUrl: string;
  /** The operator's other host names (ALLOWED_HOSTS): no company may claim them either. */
  allowedHosts?: readonly string[];
};

const keyOf = (owner: BrandingOwnerRef): BrandingOwnerKey =>
  owner.type === 'company' ? { companyId: owner.id } : { sectorId: owner.id };

/** The audit rel of a branding change: the company's own route, or the operator's sector branding. */
const auditRel = (owner: BrandingOwnerRef) =>
  owner.type === 'company' ? 'MyCompanyBranding' : 'SectorBranding';

const slotColumns = {
  logoLight: 'logo_light_id',
  logoDark: 'logo_dark_id',
  favicon: 'favicon_id',
} as const satisfies Record<BrandingImageSlot, keyof BrandingChanges>;

/** Presents a stored branding with its owner's name and (companies) the release-notes URL. */
async function present(db: Db, owner: BrandingOwnerRef, record: BrandingRecord): Promise<Branding> {
  if (owner.type === 'company') {
    const company = await findCompanyNamed(db, owner.id);
    return presentBranding(
      record,
      { type: 'company', publicId: company.public_id, name: company.name },
      customReleaseNotesUrl(company.custom),
    );
  }
  const sector = await findSectorNamed(db, owner.id);
  return presentBranding(record, { type: 'sector', publicId: sector.public_id, name: sector.name }, null);
}

/** The owner's own branding for editing: all values null when nothing is set yet. */
export async function readOwnBranding(db: Db, owner: BrandingOwnerRef): Promise<Branding> {
  let record = await findBrandingOf(db, keyOf(owner));
  if (!record) {
    // Created on first read so the answer has its publicId; an empty branding changes nothing.
    await ensureBranding(db, keyOf(owner));
    record = (await findBrandingOf(db, keyOf(owner)))!;
  }
  return present(db, owner, record);
}

export type CompanyIdentity = {
  branding: Branding | null;
  parentCompany: NamedReference | null;
  sector: NamedReference | null;
};

/**
 * A company's parent, sector and effective branding: its own, else the nearest parent
 * company's, else its sector's (or the nearest parent's sector's), else none. The release-notes
 * URL is the company's own setting when it has one, whichever branding applies.
 */
export async function readCompanyIdentity(db: Db, companyId: number): Promise<CompanyIdentity> {
  const lineage = await findCompanyLineage(db, companyId);
  const [company, parent] = lineage;
  if (!company) throw new Error(`company ${companyId} not found`);
  const sectorIds = [...new Set(lineage.map((c) => c.sector_id).filter((id) => id !== null))];
  const [records, sectors] = await Promise.all([
    findBrandingsOfAny(
      db,
      lineage.map((c) => c.id),
      sectorIds,
    ),
    findSectorsByIds(db, sectorIds),
  ]);
  const ownUrl = customReleaseNotesUrl(company.custom);
  const sectorById = new Map(sectors.map((s) => [s.id, s]));
  const reference = (row: { public_id: string; name: string } | undefined) =>
    row ? { publicId: row.public_id, name: row.name } : null;

  let branding: Branding | null = null;
  for (const member of lineage) {
    const record = records.find((r) => r.company_id === member.id);
    if (record && hasBrandingValues(record)) {
      const owner = { type: 'company' as const, publicId: member.public_id, name: member.name };
      branding = presentBranding(record, owner, ownUrl ?? customReleaseNotesUrl(member.custom));
      break;
    }
  }
  if (!branding) {
    for (const sectorId of sectorIds) {
      const record = records.find((r) => r.sector_id === sectorId);
      const sector = sectorById.get(sectorId);
      if (record && sector && hasBrandingValues(record)) {
        const owner = { type: 'sector' as const, publicId: sector.public_id, name: sector.name };
        branding = presentBranding(record, owner, ownUrl);
        break;
      }
    }
  }
  return {
    branding,
    parentCompany: reference(parent),
    sector: reference(company.sector_id === null ? undefined : sectorById.get(company.sector_id)),
  };
}

/** The branding that claims a host name (any case, port, trailing dot); blocklisted names find none. */
export async function findBrandingForHost(db: Db, host: string): Promise<Branding | undefined> {
  const name = normalizeHostName(host);
  if (!name || isBlockedHost(name)) return undefined;
  const record = await findBrandingByFqdn(db, name);
  if (!record) return undefined;
  const owner: BrandingOwnerRef =
    record.company_id !== null
      ? { type: 'company', id: record.company_id }
      : { type: 'sector', id: record.sector_id! };
  return present(db, owner, record);
}

/**
 * The host-name rules of `fqdn`: not blocklisted, not one of the instance's own names (PUBLIC_URL's
 * host, ALLOWED_HOSTS), not claimed by another company or sector.
 */
export async function checkFqdn(
  trx: Db,
  fqdn: string,
  brandingId: number | null,
  publicUrl: string,
  allowedHosts: readonly string[] = [],
) {
  const ownHost = new URL(publicUrl).hostname.toLowerCase().replace(/\.$/, '');
  if (isBlockedHost(fqdn) || fqdn === ownHost || namesInstanceHost(fqdn, allowedHosts))
    throw badRequest(brandingErrorMessages.hostNotAllowed, 'fqdn');
  const taken = await findBrandingByFqdn(trx, fqdn);
  if (taken && taken.id !== brandingId) throw conflict(errorMessages.duplicate, 'fqdn');
}

/** Applies a change; values left out stay, `null` clears one. Answers the owner's own branding. */
export function changeBranding(
  db: Db,
  owner: BrandingOwnerRef,
  input: BrandingPatchInput,
  actor: BrandingActor,
): Promise<Branding> {
  return runInTransaction(db, async (trx) => {
    const record = await lockedBranding(trx, owner);
    const before = await present(trx, owner, record);

    const changes: BrandingChanges = {};
    if (input.fqdn !== undefined && input.fqdn !== record.fqdn) {
      if (input.fqdn !== null)
        await checkFqdn(trx, input.fqdn, record.id, actor.publicUrl, actor.allowedHosts);
      changes.fqdn = input.fqdn;
    }
    if (input.theme !== undefined) changes.theme = input.theme === null ? null : JSON.stringify(input.theme);
    if (input.customBrowserTitle !== undefined) changes.custom_browser_title = input.customBrowserTitle;
    if (input.appStoreLinks !== undefined) {
      const links = { ...record.app_store_links };
      for (const platform of ['android', 'ios'] as const) {
        const value = input.appStoreLinks[platform];
        if (value !== undefined) links[platform] = value;
      }
      changes.app_store_links = JSON.stringify(links);
    }
    if (input.supportedPlatforms !== undefined)
      changes.supported_platforms = JSON.stringify([...new Set(input.supportedPlatforms)]);
    if (input.vpnReleaseNotesUrl !== undefined) {
      // One storage for both routes: the company setting PATCH Company also changes.
      if (owner.type !== 'company') throw badRequest(errorMessages.invalid, 'vpnReleaseNotesUrl');
      await writeCompanySetting(
        trx,
        owner.id,
        'custom.glbVpnClientReleaseNotesUrl',
        input.vpnReleaseNotesUrl,
      );
    }
    try {
      await updateBranding(trx, record.id, changes);
    } catch (error) {
      // Another request claimed the same host name between the check and this write.
      if ((error as { code?: unknown }).code === '23505') throw conflict(errorMessages.duplicate, 'fqdn');
      throw error;
    }
    const after = await present(trx, owner, (await findBrandingOf(trx, keyOf(owner)))!);
    if (JSON.stringify(before) !== JSON.stringify(after)) await audit(trx, owner, actor, before, after);
    if (changes.fqdn !== undefined) await publishBrandingHostsChange(trx);
    return after;
  });
}

/** Stores a new image in a slot (the old one is deleted) and answers the owner's own branding. */
export function putBrandingImage(
  db: Db,
  owner: BrandingOwnerRef,
  slot: BrandingImageSlot,
  image: { contentType: string; bytes: Uint8Array },
  actor: BrandingActor,
): Promise<Branding> {
  return runInTransaction(db, async (trx) => {
    const record = await lockedBranding(trx, owner);
    const before = await present(trx, owner, record);
    const sha256 = createHash('sha256').update(image.bytes).digest('hex');
    const stored = await insertBrandingImage(trx, { ...image, sha256 });
    const column = slotColumns[slot];
    await updateBranding(trx, record.id, { [column]: stored.id });
    if (record[column] !== null) await deleteBrandingImage(trx, record[column]);
    const after = await present(trx, owner, (await findBrandingOf(trx, keyOf(owner)))!);
    await audit(trx, owner, actor, before, after);
    return after;
  });
}

/** Empties an image slot; answers the owner's own branding. */
export function removeBrandingImage(
  db: Db,
  owner: BrandingOwnerRef,
  slot: BrandingImageSlot,
  actor: BrandingActor,
): Promise<Branding> {
  return runInTransaction(db, async (trx) => {
    const record = await lockedBranding(trx, owner);
    const column = slotColumns[slot];
    const imageId = record[column];
    if (imageId === null) return present(trx, owner, record);
    const before = await present(trx, owner, record);
    await updateBranding(trx, record.id, { [column]: null });
    await deleteBrandingImage(trx, imageId);
    const after = await present(trx, owner, (await findBrandingOf(trx, keyOf(owner)))!);
    await audit(trx, owner, actor, before, after);
    return after;
  });
}

function audit(trx: Db, owner: BrandingOwnerRef, actor: BrandingActor, before: Branding, after: Branding) {
  return writeAudit(trx, {
    companyId: owner.type === 'company' ? owner.id : null,
    actorUserId: actor.userId,
    action: 'UPDATE',
    rel: auditRel(owner),
    publicId: after.publicId,
    before,
    after,
    clientAddress: actor.clientAddress,
  });
}

/** An image by its publicId, for serving. */
export { findBrandingImage } from './branding.repository.ts';

export const imageTooLarge = () =>
  new ApiError(413, [{ message: brandingErrorMessages.imageTooLarge, propertyName: 'file' }]);

/** Whether an ALLOWED_HOSTS entry (`name`, `name:port`, `*.domain`) names this host, on any port. */
function namesInstanceHost(fqdn: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((pattern) => {
    const name = pattern.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    return name.startsWith('*.') ? fqdn.endsWith(name.slice(1)) : fqdn === name;
  });
}

/** The owner's branding row, made when missing and locked for the rest of the transaction. */
async function lockedBranding(trx: Db, owner: BrandingOwnerRef) {
  const key = keyOf(owner);
  await ensureBranding(trx, key);
  await lockBrandingOf(trx, key);
  return (await findBrandingOf(trx, key))!;
}
