import {
  activationPayloadSchema,
  bundleActivateSchema,
  errorMessages,
  licenceErrors,
  licenceExtendSchema,
  licenceTypeByKey,
  type ApiErrorItem,
  type PerAgentApp,
} from '@fleetgate/contracts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Api, ApiContext } from '../../http/api.ts';
import { ApiError, badRequest, parseInput } from '../../http/errors.ts';
import { parseFields, project, selectAll } from '../../http/fields.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { registerResource, type MutationContext } from '../../http/resource.ts';
import { requireAppInstalled } from '../apps/app-installation.ts';
import type { ModuleDeps } from '../index.ts';
import {
  activateApp,
  activateBundle,
  deactivateApp,
  deactivateBundles,
  type ActivationChoice,
} from './activation.service.ts';
import {
  licenceFields,
  licenceFilters,
  licenceTypeFields,
  presentLicence,
  presentLicenceTypes,
} from './licence.presenter.ts';
import { findLicencesOf, listLicencesOf } from './licence.repository.ts';
import { extendLicence } from './licence.service.ts';

const manage = 'licences.manage';

/** Coupon codes tried per company and per client address in a window; a used code gives its point back. */
export const couponAttempts = { points: 20, windowSeconds: 15 * 60 };

/** Activation bodies are a few ids; nothing bigger is accepted. */
const smallBody = 16 * 1024;

const choiceKeys = ['trial', 'licence', 'couponCode'] as const;

/**
 * Spec §5 on the server: exactly one of trial, licence or couponCode. None names `trial` (the
 * first choice); more than one names the second one given, in the body's order.
 */
export function activationChoice(body: unknown): { agent: string; choice: ActivationChoice } {
  const input = parseInput(activationPayloadSchema, body);
  const given = Object.keys(body as object).filter(
    (key): key is (typeof choiceKeys)[number] =>
      (choiceKeys as readonly string[]).includes(key) &&
      (input as Record<string, unknown>)[key] !== undefined,
  );
  if (given.length === 0) throw badRequest(licenceErrors.chooseOne, 'trial');
  if (given.length > 1) throw badRequest(licenceErrors.onlyOne, given[1]);
  const choice: ActivationChoice = input.trial
    ? { trial: true }
    : input.licence
      ? { licence: input.licence.publicId }
      : { couponCode: input.couponCode! };
  return { agent: input.publicId, choice };
}

/** `[{publicId}]` of bundles: every malformed item at once, each with its listIndex. */
function bundleIds(body: unknown): string[] {
  if (!Array.isArray(body)) throw badRequest('Expected a list of objects with publicId');
  if (body.length === 0) throw badRequest('The list is empty');
  if (body.length > 100) throw badRequest('At most 100 items at once');
  const errors: ApiErrorItem[] = [];
  const seen = new Set<string>();
  const ids = body.map((item: unknown, listIndex) => {
    const record =
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : {};
    const { publicId, ...rest } = record;
    for (const name of Object.keys(rest))
      errors.push({ message: `Unknown property: ${name}`, propertyName: name, listIndex });
    if (typeof publicId !== 'string' || !publicIdPattern.test(publicId)) {
      errors.push({ message: errorMessages.required, propertyName: 'publicId', listIndex });
      return '';
    }
    if (seen.has(publicId))
      errors.push({ message: errorMessages.duplicate, propertyName: 'publicId', listIndex });
    seen.add(publicId);
    return publicId;
  });
  if (errors.length > 0) throw new ApiError(400, errors);
  return ids;
}

/**
 * Licences (`licences.manage`): the type catalogue, the company's licences and bundles with their
 * seats, activating the per-agent apps (trial, licence or coupon), bundles on agents, and
 * extending a licence with a coupon. Every change is audited and announced as `LicencesChanged`.
 */
export function registerLicenceRoutes(api: Api, deps: ModuleDeps) {
  const byCompany = deps.limiters.attempts(
    'coupon:company',
    couponAttempts.points,
    couponAttempts.windowSeconds,
  );
  const byAddress = deps.limiters.attempts(
    'coupon:address',
    couponAttempts.points,
    couponAttempts.windowSeconds,
  );
  const couponKeys = (ctx: ApiContext<'company'>) => [`${ctx.company.id}`, ctx.clientAddress] as const;
  async function spendCouponAttempt(ctx: ApiContext<'company'>) {
    const [company, address] = couponKeys(ctx);
    await byAddress.consume(address);
    await byCompany.consume(company);
  }
  async function refundCouponAttempt(ctx: ApiContext<'company'>) {
    const [company, address] = couponKeys(ctx);
    await Promise.all([byAddress.refund(address), byCompany.refund(company)]);
  }

  async function change<T>(
    ctx: ApiContext<'company'>,
    agent: string | null,
    run: (trx: Db, mctx: MutationContext) => Promise<T>,
  ) {
    const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    const result = await runInTransaction(ctx.db, (trx) => run(trx, mctx));
    await deps.events.publish(
      { companyId: ctx.company.id },
      { type: 'LicencesChanged', data: { agent: agent === null ? null : { publicId: agent } } },
    );
    return result;
  }

  api.route({
    rel: 'LicenceTypeList',
    method: 'GET',
    access: 'user',
    doc: {
      summary:
        'The licence types the operator grants: plain types (one app) and bundles (several apps per seat)',
      query: [
        { name: 'fields', description: 'Fields to return.', schema: { type: 'string', maxLength: 4000 } },
      ],
      response: { type: 'LicenceTypeList', fields: licenceTypeFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const raw = ctx.query.fields;
      if (raw !== undefined && typeof raw !== 'string')
        throw badRequest('Give fields once, as a comma-separated list', 'fields');
      const selection = raw === undefined ? selectAll : parseFields(raw, licenceTypeFields);
      return {
        type: 'LicenceTypeList',
        data: presentLicenceTypes().map((t) => project(t, selection)),
        moreAfter: null,
      };
    },
  });

  for (const bundles of [false, true]) {
    registerResource(api, {
      name: bundles ? 'LicenceBundle' : 'Licence',
      read: manage,
      fields: licenceFields,
      filters: licenceFilters,
      repository: { list: listLicencesOf(bundles), findByPublicIds: findLicencesOf(bundles) },
      present: (row) => presentLicence(row),
    });
  }

  const perApp: { app: PerAgentApp; list: string; item: string }[] = [
    { app: 'dataLogging', list: 'AgentAppLoggingListActivate', item: 'AgentAppLogging' },
    { app: 'alarming', list: 'AgentAppAlarmingListActivate', item: 'AgentAppAlarming' },
  ];
  for (const { app, list, item } of perApp) {
    api.route({
      rel: list,
      method: 'POST',
      access: 'company',
      capability: manage,
      bodyLimit: smallBody,
      doc: {
        summary: `Activate ${app === 'dataLogging' ? 'data logging' : 'alarming'} on an agent with exactly one of trial, licence or couponCode`,
        body: activationPayloadSchema,
        status: 201,
        rateLimited: true,
        response: { type: item },
      },
      handler: async (ctx) => {
        await requireAppInstalled(ctx.db, ctx.company.id, app);
        const { agent, choice } = activationChoice(ctx.body);
        const withCoupon = 'couponCode' in choice;
        // Counted before the code is looked up, so parallel guesses cannot pass the budget.
        if (withCoupon) await spendCouponAttempt(ctx);
        const data = await change(ctx, agent, (trx, mctx) => activateApp(trx, mctx, app, agent, choice));
        if (withCoupon) await refundCouponAttempt(ctx);
        return { type: item, data, status: 201 };
      },
    });

    api.route({
      rel: item,
      method: 'DELETE',
      item: true,
      access: 'company',
      capability: manage,
      bodyLimit: smallBody,
      doc: {
        summary: `Deactivate ${app === 'dataLogging' ? 'data logging' : 'alarming'} on the agent ({publicId} is the agent's)`,
        response: { type: item },
      },
      handler: async (ctx) => {
        await requireAppInstalled(ctx.db, ctx.company.id, app);
        const data = await change(ctx, ctx.publicId, (trx, mctx) =>
          deactivateApp(trx, mctx, app, ctx.publicId),
        );
        return { type: item, data };
      },
    });
  }

  api.route({
    rel: 'AgentLicenceBundleActivate',
    method: 'POST',
    access: 'company',
    capability: manage,
    bodyLimit: smallBody,
    doc: {
      summary: "Activate every app of a licence bundle on the agent with one of the bundle's seats",
      body: bundleActivateSchema,
      status: 201,
      response: { type: 'AgentLicenceBundle' },
    },
    handler: async (ctx) => {
      const input = parseInput(bundleActivateSchema, ctx.body);
      const [found] = await findLicencesOf(null)(ctx.db, ctx.company.id, [input.bundle.publicId]);
      const type = found && licenceTypeByKey(found.type);
      // The bundle's apps must be installed; an unknown bundle is the transaction's 404.
      if (type?.bundle) for (const app of type.apps) await requireAppInstalled(ctx.db, ctx.company.id, app);
      const data = await change(ctx, input.publicId, (trx, mctx) =>
        activateBundle(trx, mctx, input.publicId, input.bundle.publicId),
      );
      return { type: 'AgentLicenceBundle', data, status: 201 };
    },
  });

  api.route({
    rel: 'AgentLicenceBundles',
    method: 'DELETE',
    item: true,
    access: 'company',
    capability: manage,
    bodyLimit: smallBody,
    doc: {
      summary: "Deactivate these licence bundles on the agent ({publicId} is the agent's), all or nothing",
      bodyByPublicId: true,
      response: { type: 'AgentLicenceBundles', fields: { publicId: true }, shape: 'list' },
    },
    handler: async (ctx) => {
      const ids = bundleIds(ctx.body);
      const data = await change(ctx, ctx.publicId, (trx, mctx) =>
        deactivateBundles(trx, mctx, ctx.publicId, ids),
      );
      return { type: 'AgentLicenceBundles', data };
    },
  });

  api.route({
    rel: 'LicenceBundleExtend',
    method: 'POST',
    item: true,
    access: 'company',
    capability: manage,
    bodyLimit: smallBody,
    doc: {
      summary:
        "Extend a licence bundle (or a plain licence) with a coupon of its type: validUntil moves by the coupon's days from the later of now and validUntil",
      body: licenceExtendSchema,
      rateLimited: true,
      response: { type: 'LicenceBundle', fields: licenceFields },
    },
    handler: async (ctx) => {
      const input = parseInput(licenceExtendSchema, ctx.body);
      await spendCouponAttempt(ctx);
      const data = await change(ctx, null, (trx, mctx) =>
        extendLicence(trx, mctx, ctx.publicId, input.couponCode),
      );
      await refundCouponAttempt(ctx);
      const type = licenceTypeByKey(data.type.publicId);
      return { type: type?.bundle ? 'LicenceBundle' : 'Licence', data };
    },
  });
}
