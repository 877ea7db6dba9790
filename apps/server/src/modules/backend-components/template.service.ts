import type {
  backendComponentTemplateCreateInput,
  backendComponentTemplatePatchInput,
} from '@fleetgate/contracts';
import { backendComponentErrors, backendComponentLimits } from '@fleetgate/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newPublicId } from '../../http/ids.ts';
import type { MutationContext } from '../../http/resource.ts';
import { requireOwner, requireProvisioned } from './template-access.policy.ts';
import { checkTemplateCode } from './template-code.ts';
import {
  countOwnTemplates,
  deleteTemplate,
  findVisibleTemplates,
  insertTemplate,
  templateNameTaken,
  updateTemplate,
  type TemplateView,
} from './template.repository.ts';

type CreateInput = z.output<typeof backendComponentTemplateCreateInput>;
type PatchInput = z.output<typeof backendComponentTemplatePatchInput>;

async function checkName(trx: Db, companyId: number, name: string, exceptId?: number) {
  if (await templateNameTaken(trx, companyId, name, exceptId)) {
    throw conflict(backendComponentErrors.nameTaken, 'name');
  }
}

async function reread(trx: Db, companyId: number, publicId: string): Promise<TemplateView> {
  const [row] = await findVisibleTemplates(trx, companyId, [publicId]);
  if (!row) throw notFound();
  return row;
}

export const templateService = {
  create: async (trx: Db, ctx: MutationContext, input: CreateInput) => {
    const companyId = ctx.company.id;
    await requireProvisioned(trx, companyId);
    checkTemplateCode(input.code);
    await checkName(trx, companyId, input.name);
    if ((await countOwnTemplates(trx, companyId)) >= backendComponentLimits.templatesPerCompany) {
      throw conflict(backendComponentErrors.templateLimit);
    }
    const publicId = newPublicId();
    await insertTemplate(trx, companyId, publicId, {
      name: input.name,
      description: input.description ?? '',
      code: input.code,
    });
    return reread(trx, companyId, publicId);
  },

  change: async (trx: Db, ctx: MutationContext, row: TemplateView, input: PatchInput) => {
    requireOwner(row);
    if (input.code !== undefined) checkTemplateCode(input.code);
    if (input.name !== undefined) await checkName(trx, ctx.company.id, input.name, row.id);
    await updateTemplate(trx, row.id, input);
    return reread(trx, ctx.company.id, row.public_id);
  },

  /** Shares, configs, subscriptions and runs of every company go with the template (foreign keys cascade). */
  remove: async (trx: Db, _ctx: MutationContext, row: TemplateView) => {
    requireOwner(row);
    await deleteTemplate(trx, row.id);
  },
};
