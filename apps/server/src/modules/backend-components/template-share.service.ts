import type {
  backendComponentTemplateShareCreateInput,
  backendComponentTemplateSharePatchInput,
} from '@fleetgate/contracts';
import { backendComponentErrors, errorMessages } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { referencedTemplate, requireOwner } from './template-access.policy.ts';
import {
  deleteShare,
  deleteShareeSetup,
  findReachableCompany,
  findShares,
  insertShare,
  moveShare,
  shareExists,
  type ShareView,
} from './template-share.repository.ts';

type CreateInput = z.output<typeof backendComponentTemplateShareCreateInput>;
type PatchInput = z.output<typeof backendComponentTemplateSharePatchInput>;

/** The company to share with: not the owner itself, and one the owner may reach (else 404). */
async function shareeOf(trx: Db, ctx: MutationContext, publicId: string) {
  if (publicId === ctx.company.publicId) {
    throw badRequest(backendComponentErrors.shareWithOwnCompany, 'company.publicId');
  }
  const company = await findReachableCompany(trx, ctx.company.id, ctx.user.id, publicId);
  if (!company)
    throw new ApiError(404, [{ message: errorMessages.notFound, propertyName: 'company.publicId' }]);
  return company;
}

async function checkNotShared(trx: Db, templateId: number, companyId: number) {
  if (await shareExists(trx, templateId, companyId)) {
    throw new ApiError(409, [{ message: errorMessages.duplicate, propertyName: 'company.publicId' }]);
  }
}

/**
 * The company that loses the template loses what it set up to run it, in the same transaction:
 * its subscriptions (so no run starts after the commit) and its config (with its secrets). The
 * removals are audited in that company's trail, where its administrators look.
 */
async function revoke(trx: Db, ctx: MutationContext, templateId: number, shareeId: number) {
  const removed = await deleteShareeSetup(trx, templateId, shareeId);
  const entries = [
    ...removed.subscriptions.map((publicId) => ({ rel: 'BackendComponentMessageSubscription', publicId })),
    ...removed.configs.map((publicId) => ({ rel: 'BackendComponentTemplateConfig', publicId })),
  ];
  for (const entry of entries) {
    await writeAudit(trx, {
      ...entry,
      companyId: shareeId,
      actorUserId: ctx.user.id,
      action: 'DELETE',
      clientAddress: ctx.clientAddress,
    });
  }
}

async function reread(trx: Db, companyId: number, publicId: string) {
  const [row] = await findShares(trx, companyId, [publicId]);
  if (!row) throw notFound();
  return row;
}

export const shareService = {
  create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
    const template = await referencedTemplate(trx, ctx.company.id, input.template.publicId);
    requireOwner(template);
    const sharee = await shareeOf(trx, ctx, input.company.publicId);
    await checkNotShared(trx, template.id, sharee.id);
    const publicId = newPublicId();
    await insertShare(trx, template.id, sharee.id, publicId);
    return reread(trx, ctx.company.id, publicId);
  },

  /** Moving a share to another company revokes it for the first. */
  change: async (trx: Db, ctx: MutationContext, row: ShareView, input: PatchInput) => {
    if (input.company === undefined || input.company.publicId === row.company_public_id) return row;
    const sharee = await shareeOf(trx, ctx, input.company.publicId);
    await checkNotShared(trx, row.template_id, sharee.id);
    await revoke(trx, ctx, row.template_id, row.company_id);
    await moveShare(trx, row.id, sharee.id);
    return reread(trx, ctx.company.id, row.public_id);
  },

  remove: async (trx: Db, ctx: MutationContext, row: ShareView) => {
    await revoke(trx, ctx, row.template_id, row.company_id);
    await deleteShare(trx, row.id);
  },
};
