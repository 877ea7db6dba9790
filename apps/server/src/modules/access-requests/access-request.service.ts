import { assertMayActInIfMember } from '../../auth/sign-in-rules.ts';
import {
  accessRequestErrors,
  errorMessages,
  type AccessRequest,
  type UiLanguage,
} from '@fleetgate/contracts';
import { formatMoment, serverTexts } from '../../i18n/language.ts';
import { findLanguageById } from '../account/user.repository.ts';
import type { Db } from '../../db/client.ts';
import type { AuthenticatedUser } from '../../auth/context.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors.ts';
import { writeAudit } from '../audit/audit.writer.ts';
import { sendMessage } from '../messages/message.service.ts';
import { findApprovers, mayApproveService } from './approver.policy.ts';
import {
  findAccessRequestByPublicId,
  findAgentById,
  findRequestById,
  findRequestRelations,
  insertAccessRequest,
  managesAccessRequestsIn,
  setDecision,
  type AccessRequestRow,
  type RequestAgent,
} from './access-request.repository.ts';
import { presentAccessRequest } from './access-request.presenter.ts';
import { checkScope, checkTimes, type AccessRequestInput } from './access-request.validation.ts';
import { runInTransaction } from '../../db/transaction.ts';

export type Actor = { user: AuthenticatedUser; clientAddress: string };

/**
 * Stores a request after every rule of the dialog passed again on the server, messages each
 * approver, and tells requester and approvers live once it has committed.
 */
export async function createAccessRequest(
  db: Db,
  events: EventBus,
  actor: Actor,
  agent: RequestAgent,
  input: AccessRequestInput,
  asset: { id: number } | null = null,
): Promise<AccessRequest> {
  const errors = [...checkTimes(input, new Date()), ...checkScope(input, agent)];
  if (errors.length > 0) throw new ApiError(400, errors);

  const serverByPublicId = new Map(agent.servers.map((server) => [server.publicId, server]));
  const unknown = input.servers.findIndex((server) => !serverByPublicId.has(server.publicId));
  if (unknown >= 0)
    throw new ApiError(404, [
      { message: errorMessages.notFound, propertyName: 'servers.publicId', listIndex: unknown },
    ]);
  const servers = input.servers.map((server) => serverByPublicId.get(server.publicId)!);

  const { request, audience } = await runInTransaction(db, async (trx) => {
    const qualified = new Map(
      (await findApprovers(trx, agent, actor.user.id)).map((approver) => [approver.publicId, approver]),
    );
    const approvers = input.allowedApprovers.map((ref) => qualified.get(ref.publicId));
    const refused = approvers.flatMap((approver, listIndex) =>
      approver && servers.every((server) => mayApproveService(approver, server))
        ? []
        : [{ message: accessRequestErrors.approverNotAllowed, propertyName: 'allowedApprovers', listIndex }],
    );
    if (refused.length > 0) throw new ApiError(400, refused);
    const approverIds = approvers.map((approver) => approver!.id);

    const id = await insertAccessRequest(trx, {
      companyId: agent.companyId,
      agentId: agent.id,
      assetId: asset?.id ?? null,
      userId: actor.user.id,
      vpn: input.vpn,
      startsOn: new Date(input.start),
      endsOn: new Date(input.end),
      reason: input.reason,
      serverIds: servers.map((server) => server.id),
      approverIds,
    });
    const created = await presentAccessRequest(trx, await findRequestById(trx, id));
    await writeAudit(trx, {
      companyId: agent.companyId,
      actorUserId: actor.user.id,
      action: 'CREATE',
      rel: 'AccessRequest',
      publicId: created.publicId,
      after: created,
      clientAddress: actor.clientAddress,
    });
    // Each approver reads it in their own language.
    for (const approverId of approverIds) {
      const language = (await findLanguageById(trx, approverId)) ?? 'en';
      const texts = serverTexts(language).messages.accessRequested;
      await sendMessage(trx, {
        userId: approverId,
        companyId: agent.companyId,
        subject: texts.subject({ agentName: agent.name }),
        body: texts.body({
          requesterName: actor.user.name,
          scope: scopeText(created, language),
          agentName: agent.name,
          period: periodText(created, language),
          reason: created.reason,
        }),
      });
    }
    return { request: created, audience: [actor.user.id, ...approverIds] };
  });
  await publishChange(events, request, audience);
  return request;
}

export type Decision = 'approve' | 'reject' | 'revoke';

const decisions = {
  approve: { from: 'pending', to: 'approved', wrongState: accessRequestErrors.notPending },
  reject: { from: 'pending', to: 'rejected', wrongState: accessRequestErrors.notPending },
  revoke: { from: 'approved', to: 'revoked', wrongState: accessRequestErrors.notApproved },
} as const;

/**
 * Approves, rejects or revokes a request. Only an allowed approver who still qualifies decides,
 * never the requester; a request the caller cannot see is unknown to them. The request row is
 * locked so that two approvers deciding at once cannot both win.
 */
export async function decideAccessRequest(
  db: Db,
  events: EventBus,
  actor: Actor,
  publicId: string,
  decision: Decision,
): Promise<AccessRequest> {
  const rule = decisions[decision];
  const { request, audience, companyId } = await runInTransaction(db, async (trx) => {
    const row = await findAccessRequestByPublicId(trx, publicId, true);
    if (!row) throw notFound();
    const { servers, approvers } = await findRequestRelations(trx, [row.id]);
    const allowed = approvers.get(row.id) ?? [];
    const own = row.user_id === actor.user.id;
    const named = allowed.some((approver) => approver.id === actor.user.id);
    if (!own && !named && !(await managesAccessRequestsIn(trx, actor.user.id, row.company_id)))
      throw notFound();
    if (own) throw new ApiError(403, accessRequestErrors.ownRequest);
    // Deciding acts in the request's company: its sign-in rules apply to its members as to any
    // company call. (An approver from a controlling company is no member here and is not checked.)
    await assertMayActInIfMember(trx, actor.user, row.company_id);
    if (!named || !(await stillQualifies(trx, row, actor.user.id, servers.get(row.id) ?? [])))
      throw forbidden();
    if (row.status !== rule.from) throw conflict(rule.wrongState);
    const now = new Date();
    if (decision === 'approve' && row.ends_on <= now) throw conflict(accessRequestErrors.expired);

    const before = await presentAccessRequest(trx, row);
    await setDecision(trx, row.id, { status: rule.to, userId: actor.user.id, at: now });
    const after = await presentAccessRequest(trx, await findRequestById(trx, row.id));
    await writeAudit(trx, {
      companyId: row.company_id,
      actorUserId: actor.user.id,
      action: 'UPDATE',
      rel: 'AccessRequest',
      publicId: row.public_id,
      before,
      after,
      clientAddress: actor.clientAddress,
    });
    const language = (await findLanguageById(trx, row.user_id)) ?? 'en';
    const texts = serverTexts(language).messages.accessDecided;
    await sendMessage(trx, {
      userId: row.user_id,
      companyId: row.company_id,
      subject: texts.subject[rule.to],
      body: texts.body[rule.to]({
        approverName: actor.user.name,
        scope: scopeText(after, language),
        agentName: after.agent.name,
        period: periodText(after, language),
      }),
    });
    return {
      request: after,
      audience: [row.user_id, ...allowed.map((approver) => approver.id)],
      companyId: row.company_id,
    };
  });
  await publishChange(events, request, audience);
  if (decision !== 'revoke') events.domain.emit({ type: 'AccessRequestDecided', companyId, request });
  return request;
}

/** Rights change after a request was made: the approver must qualify today for all its services. */
async function stillQualifies(
  trx: Db,
  row: AccessRequestRow,
  userId: number,
  servers: { serviceGroup: string | null }[],
): Promise<boolean> {
  const agent = await findAgentById(trx, row.agent_id);
  if (!agent) return false;
  const approver = (await findApprovers(trx, agent, row.user_id)).find((a) => a.id === userId);
  return approver !== undefined && servers.every((server) => mayApproveService(approver, server));
}

function publishChange(events: EventBus, request: AccessRequest, userIds: number[]) {
  return events.publish({ userIds: [...new Set(userIds)] }, { type: 'AccessRequestChanged', data: request });
}

function scopeText(request: AccessRequest, language: UiLanguage): string {
  const texts = serverTexts(language).messages.scope;
  const services = request.servers.map((server) => server.name).join(', ');
  if (request.vpn) return services ? texts.vpnAnd({ services }) : texts.vpn;
  return services;
}

function periodText(request: AccessRequest, language: UiLanguage): string {
  return serverTexts(language).messages.period({
    start: formatMoment(request.start, language),
    end: formatMoment(request.end, language),
  });
}
