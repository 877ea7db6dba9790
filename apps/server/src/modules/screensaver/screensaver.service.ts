import { createHash } from 'node:crypto';
import {
  errorMessages,
  screensaverErrorMessages,
  screensaverImageTypes,
  type RouterDisplayScreensaver,
  type ScreensaverImageType,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest } from '../../http/errors.ts';
import { sniffImageType } from '../../http/image-type.ts';
import type { MutationContext } from '../../http/resource.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { findAgentByCredential } from '../agents/agent-credential.ts';
import { assertManagesAgent, findVisibleAgent, uploadTarget } from './screensaver.policy.ts';
import { presentScreensaver } from './screensaver.presenter.ts';
import {
  deleteScreensaver,
  findAgentScreensaverHash,
  findScreensaverBytes,
  findScreensaverInCompany,
  findScreensaverOfAgent,
  insertScreensaver,
} from './screensaver.repository.ts';

export const screensaverTooLarge = () =>
  new ApiError(413, [{ message: screensaverErrorMessages.imageTooLarge, propertyName: 'file' }]);

/** The upload's real type by its content: PNG, JPEG or WebP; anything else (SVG too) is a 400. */
export function readScreensaverImage(bytes: Uint8Array): {
  contentType: ScreensaverImageType;
  bytes: Uint8Array;
} {
  const type = sniffImageType(bytes);
  if (!type || !(screensaverImageTypes as readonly string[]).includes(type))
    throw badRequest(screensaverErrorMessages.unsupportedImage, 'file');
  return { contentType: type as ScreensaverImageType, bytes };
}

/** Stores the agent's screensaver, replacing the one it had (a new publicId), audited without the bytes. */
export function putScreensaver(
  db: Db,
  ctx: MutationContext,
  agentPublicId: string,
  image: { contentType: ScreensaverImageType; bytes: Uint8Array },
): Promise<RouterDisplayScreensaver> {
  return runInTransaction(db, async (trx) => {
    // Checked again under the agent's lock: the flag or the rights may have changed meanwhile.
    const agent = await uploadTarget(trx, ctx, agentPublicId, true);
    const previous = await findScreensaverOfAgent(trx, agent.id);
    if (previous) await deleteScreensaver(trx, previous.id);
    await insertScreensaver(trx, {
      companyId: agent.companyId,
      agentId: agent.id,
      contentType: image.contentType,
      bytes: image.bytes,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
      userId: ctx.user.id,
    });
    const stored = presentScreensaver((await findScreensaverOfAgent(trx, agent.id))!);
    await writeAudit(trx, {
      companyId: ctx.company.id,
      actorUserId: ctx.user.id,
      action: previous ? 'UPDATE' : 'CREATE',
      rel: 'RouterDisplayScreensaver',
      publicId: stored.publicId,
      before: previous ? presentScreensaver(previous) : undefined,
      after: stored,
      clientAddress: ctx.clientAddress,
    });
    return stored;
  });
}

/** `DELETE RouterDisplayScreensaver/{publicId}`: the display shows none any more. */
export function removeScreensaver(
  db: Db,
  ctx: MutationContext,
  publicId: string,
): Promise<RouterDisplayScreensaver> {
  return runInTransaction(db, async (trx) => {
    const row = await visibleScreensaver(trx, ctx, publicId);
    const agent = (await findVisibleAgent(trx, ctx, { id: row.agent_id }, true))!;
    await assertManagesAgent(trx, ctx, agent);
    await deleteScreensaver(trx, row.id);
    const before = presentScreensaver(row);
    await writeAudit(trx, {
      companyId: ctx.company.id,
      actorUserId: ctx.user.id,
      action: 'DELETE',
      rel: 'RouterDisplayScreensaver',
      publicId: row.public_id,
      before,
      clientAddress: ctx.clientAddress,
    });
    return before;
  });
}

/** A screensaver of the company acted in whose agent the reader sees; otherwise not found. */
async function visibleScreensaver(db: Db, ctx: Omit<MutationContext, 'clientAddress'>, publicId: string) {
  const row = await findScreensaverInCompany(db, ctx.company.id, publicId);
  if (!row || !(await findVisibleAgent(db, ctx, { id: row.agent_id })))
    throw new ApiError(404, errorMessages.notFound);
  return row;
}

/** The image of `GET RouterDisplayScreensaver/{publicId}`, for members who see its agent. */
export async function readScreensaver(db: Db, ctx: Omit<MutationContext, 'clientAddress'>, publicId: string) {
  const row = await visibleScreensaver(db, ctx, publicId);
  return (await findScreensaverBytes(db, row.id))!;
}

/**
 * What an agent's display should show (`GET AgentScreensaver`, the agent's credential as Bearer):
 * undefined for an unknown credential; `none` without an image; `unchanged` when the agent
 * already holds these bytes (their ETag), checked before the bytes are read.
 */
export async function agentScreensaver(
  db: Db,
  credential: string,
  held: (sha256: string) => boolean,
): Promise<
  | undefined
  | { kind: 'none' }
  | { kind: 'unchanged'; sha256: string }
  | { kind: 'image'; sha256: string; contentType: string; bytes: Uint8Array }
> {
  const agent = await findAgentByCredential(db, credential);
  if (!agent) return undefined;
  const current = await findAgentScreensaverHash(db, agent.id);
  if (!current) return { kind: 'none' };
  if (held(current.sha256)) return { kind: 'unchanged', sha256: current.sha256 };
  const image = await findScreensaverBytes(db, current.id);
  // Replaced or removed in between: the agent asks again at its next poll.
  if (!image) return { kind: 'none' };
  return { kind: 'image', sha256: image.sha256, contentType: image.content_type, bytes: image.bytes };
}
