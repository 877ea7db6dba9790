import { audienceErrorMessages, errorMessages, type AudienceInput } from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import type { AudienceRow } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { presentAudience } from './audience.presenter.ts';
import {
  audienceInUse,
  audienceNameTaken,
  deleteAudience,
  findAudiencesByPublicIds,
  insertAudience,
  setDefaultAudience,
  updateAudience,
} from './audience.repository.ts';
import { runInTransaction } from '../../db/transaction.ts';

export async function createAudience(trx: Db, ctx: MutationContext, input: AudienceInput) {
  if (await audienceNameTaken(trx, ctx.company.id, input.name))
    throw conflict(errorMessages.nameInUse, 'name');
  return insertAudience(trx, ctx.company.id, {
    name: input.name,
    description: emptyToNull(input.description),
  });
}

export async function changeAudience(
  trx: Db,
  ctx: MutationContext,
  audience: AudienceRow,
  input: Partial<AudienceInput>,
) {
  if (input.name !== undefined && (await audienceNameTaken(trx, ctx.company.id, input.name, audience.id))) {
    throw conflict(errorMessages.nameInUse, 'name');
  }
  const description = input.description === undefined ? undefined : emptyToNull(input.description);
  return updateAudience(trx, audience.id, { name: input.name, description });
}

/** An audience still assigned to a member cannot go: the member would silently lose its category. */
export async function removeAudience(trx: Db, _ctx: MutationContext, audience: AudienceRow) {
  if (await audienceInUse(trx, audience.id)) throw conflict(audienceErrorMessages.inUse);
  await deleteAudience(trx, audience.id);
}

/** Makes the audience the company's only default (`isDefault`) or stops it being the default. */
export async function setAudienceDefault(db: Db, ctx: MutationContext, publicId: string, isDefault: boolean) {
  return runInTransaction(db, async (trx) => {
    // Lock the company's current default too, so two concurrent "set default" calls serialise.
    const [audience] = await findAudiencesByPublicIds(trx, ctx.company.id, [publicId], true);
    if (!audience) throw notFound();
    if (audience.is_default === isDefault) return presentAudience(audience);
    const previous = isDefault
      ? (
          await trx
            .selectFrom('audiences')
            .selectAll()
            .where('company_id', '=', ctx.company.id)
            .where('is_default', '=', true)
            .forUpdate()
            .execute()
        )[0]
      : undefined;
    await setDefaultAudience(trx, ctx.company.id, isDefault ? audience.id : null);
    const after = { ...presentAudience(audience), default: isDefault };
    const audit = { companyId: ctx.company.id, actorUserId: ctx.user.id, clientAddress: ctx.clientAddress };
    if (previous) {
      await writeAudit(trx, {
        ...audit,
        action: 'UPDATE',
        rel: 'Audience',
        publicId: previous.public_id,
        before: presentAudience(previous),
        after: { ...presentAudience(previous), default: false },
      });
    }
    await writeAudit(trx, {
      ...audit,
      action: 'UPDATE',
      rel: 'Audience',
      publicId: audience.public_id,
      before: presentAudience(audience),
      after,
    });
    return after;
  });
}

function emptyToNull(description: string | null | undefined) {
  return description ? description : null;
}
