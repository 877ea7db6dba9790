import {
  batchStatus,
  checkTranslationBatch,
  errorMessages,
  translationCreateInput,
  translationErrors,
  translationLimits,
  translationPatchInput,
  type ApiErrorItem,
} from '@fleetgate/contracts';
import type { Api, ApiContext } from '../../http/api.ts';
import { ApiError, forbidden } from '../../http/errors.ts';
import { publicIdPattern } from '../../http/ids.ts';
import { registerResource, type MutationContext } from '../../http/resource.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../index.ts';
import { presentTranslation, translationFields, translationFilters } from './translation.presenter.ts';
import { findTranslationsByPublicIds, listTranslations } from './translation.repository.ts';
import { changeTranslations, createTranslations, removeTranslations } from './translation.service.ts';

const manage = 'translations.manage';

function authorize(ctx: ApiContext<'company'>) {
  if (!ctx.company.capabilities.has(manage)) throw forbidden();
}

/** `[{publicId}]` for a bulk delete: every error at once, each with its listIndex. */
function checkDeleteBody(body: unknown): string[] {
  if (!Array.isArray(body)) throw new ApiError(400, translationErrors.expectedList);
  if (body.length === 0) throw new ApiError(400, translationErrors.batchEmpty);
  if (body.length > translationLimits.batchMax) throw new ApiError(400, translationErrors.batchTooLarge);
  const errors: ApiErrorItem[] = [];
  const seen = new Set<string>();
  const ids = body.map((item: unknown, listIndex) => {
    const record = item !== null && typeof item === 'object' && !Array.isArray(item) ? item : undefined;
    const { publicId, ...rest } = (record ?? {}) as Record<string, unknown>;
    for (const name of Object.keys(rest))
      errors.push({ message: translationErrors.unknownProperty, propertyName: name, listIndex });
    if (typeof publicId !== 'string' || !publicIdPattern.test(publicId)) {
      errors.push({ message: errorMessages.required, propertyName: 'publicId', listIndex });
      return '';
    }
    if (seen.has(publicId))
      errors.push({ message: errorMessages.duplicate, propertyName: 'publicId', listIndex });
    seen.add(publicId);
    return publicId;
  });
  if (errors.length > 0) throw new ApiError(batchStatus(errors), errors);
  return ids;
}

/**
 * `TranslationList`: any member reads (the web app shows the company's texts to everyone);
 * creating, changing and deleting need `translations.manage`. Each batch is checked whole
 * (every item's errors at once), stored all or nothing, audited, and announced to the
 * company's open apps as `TranslationsChanged`.
 */
export function registerTranslationRoutes(api: Api, deps: ModuleDeps) {
  registerResource(api, {
    name: 'Translation',
    read: null,
    fields: translationFields,
    filters: translationFilters,
    repository: { list: listTranslations, findByPublicIds: findTranslationsByPublicIds },
    present: presentTranslation,
  });

  async function mutate<T>(ctx: ApiContext<'company'>, run: (trx: Db, mctx: MutationContext) => Promise<T>) {
    const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    const result = await runInTransaction(ctx.db, (trx) => run(trx, mctx));
    await deps.events.publish(
      { companyId: ctx.company.id },
      { type: 'TranslationsChanged', data: { company: { publicId: ctx.company.publicId } } },
    );
    return result;
  }

  api.route({
    rel: 'TranslationList',
    method: 'POST',
    access: 'company',
    doc: {
      summary: 'Create translations (all or none); every error comes back at once with its listIndex',
      body: translationCreateInput,
      bodyShape: 'list',
      status: 201,
      response: { type: 'TranslationList', fields: translationFields, shape: 'list' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const checked = checkTranslationBatch(ctx.body, 'create');
      if (!checked.ok) throw new ApiError(checked.status, checked.errors);
      const data = await mutate(ctx, (trx, mctx) => createTranslations(trx, mctx, checked.items));
      return { type: 'TranslationList', data, status: 201 };
    },
  });

  api.route({
    rel: 'TranslationList',
    method: 'PATCH',
    access: 'company',
    doc: {
      summary: 'Change translations by publicId (all or none); languages replaces the whole map',
      body: translationPatchInput,
      bodyByPublicId: true,
      response: { type: 'TranslationList', fields: translationFields, shape: 'list' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const checked = checkTranslationBatch(ctx.body, 'change');
      if (!checked.ok) throw new ApiError(checked.status, checked.errors);
      const data = await mutate(ctx, (trx, mctx) => changeTranslations(trx, mctx, checked.items));
      return { type: 'TranslationList', data };
    },
  });

  api.route({
    rel: 'TranslationList',
    method: 'DELETE',
    access: 'company',
    doc: {
      summary: 'Delete translations by publicId (all or none)',
      bodyByPublicId: true,
      response: { type: 'TranslationList', fields: { publicId: true }, shape: 'list' },
    },
    handler: async (ctx) => {
      authorize(ctx);
      const publicIds = checkDeleteBody(ctx.body);
      const data = await mutate(ctx, (trx, mctx) => removeTranslations(trx, mctx, publicIds));
      return { type: 'TranslationList', data };
    },
  });
}
