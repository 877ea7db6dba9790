import {
  appConfigPatchSchema,
  appConfigUpdateInput,
  errorMessages,
  isAppKey,
  type AppKey,
} from '@fleetgate/contracts';
import { z } from 'zod';
import type { Api, ApiContext } from '../../http/api.ts';
import { defaultBodyLimit } from '../../http/body-limits.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { project } from '../../http/fields.ts';
import type { MutationContext } from '../../http/resource.ts';
import { fieldsParameter, type QueryParameterDoc } from '../../http/route-doc.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../index.ts';
import { companyAppFields, fieldsOf } from './app.presenter.ts';
import { changeAppConfig, installApp, listApps, readApp, uninstallApp } from './app.service.ts';

const manage = 'apps.manage';

// The catalogue's keys are the apps' publicIds (`dataLogging`), not random 12-character ids.
const appParameter: QueryParameterDoc = {
  name: 'publicId',
  description: 'The app: dataLogging, alarming, reports, webAccess or backendComponents.',
  schema: { type: 'string', maxLength: 64 },
};

/** The app a path or body names; an app the catalogue does not have is a 404. */
function appOf(publicId: unknown, propertyName?: string): AppKey {
  if (typeof publicId === 'string' && isAppKey(publicId)) return publicId;
  throw new ApiError(404, [
    { message: errorMessages.notFound, ...(propertyName === undefined ? {} : { propertyName }) },
  ]);
}

/**
 * The app catalogue (`/apps`): every member reads it (the top-bar apps menu shows the installed
 * apps to everyone); installing, uninstalling and configuring need `apps.manage`. Each change is
 * audited in its transaction and announced to the company's open apps as `AppsChanged`.
 */
export function registerAppRoutes(api: Api, deps: ModuleDeps) {
  async function mutate<T>(ctx: ApiContext<'company'>, run: (trx: Db, mctx: MutationContext) => Promise<T>) {
    const mctx: MutationContext = { user: ctx.user, company: ctx.company, clientAddress: ctx.clientAddress };
    const result = await runInTransaction(ctx.db, (trx) => run(trx, mctx));
    await deps.events.publish(
      { companyId: ctx.company.id },
      { type: 'AppsChanged', data: { company: { publicId: ctx.company.publicId } } },
    );
    return result;
  }

  api.route({
    rel: 'AppList',
    method: 'GET',
    access: 'company',
    doc: {
      summary: 'The app catalogue with what the company installed, and each app’s settings',
      query: [fieldsParameter],
      response: { type: 'AppList', fields: companyAppFields, shape: 'list' },
    },
    handler: async (ctx) => {
      const selection = fieldsOf(ctx.query);
      const apps = await listApps(ctx.db, ctx.company.id);
      return { type: 'AppList', data: apps.map((app) => project(app, selection)), moreAfter: null };
    },
  });

  const installPath = '/api/AppInstall/{publicId}';
  api.route({
    rel: 'AppInstall',
    method: 'GET',
    path: installPath,
    access: 'company',
    doc: {
      summary: 'One app of the catalogue (e.g. fields=name,publicId) and whether the company installed it',
      pathParameters: [appParameter],
      query: [fieldsParameter],
      response: { type: 'AppInstall', fields: companyAppFields },
    },
    handler: async (ctx) => {
      const selection = fieldsOf(ctx.query);
      const app = appOf(ctx.publicId);
      return { type: 'AppInstall', data: project(await readApp(ctx.db, ctx.company.id, app), selection) };
    },
  });

  api.route({
    rel: 'AppInstall',
    method: 'POST',
    path: installPath,
    access: 'company',
    capability: manage,
    bodyLimit: defaultBodyLimit,
    doc: {
      summary: 'Install an app in the company (no body) with its default settings; 409 when installed',
      pathParameters: [appParameter],
      status: 201,
      response: { type: 'AppInstall', fields: companyAppFields },
    },
    handler: async (ctx) => {
      const app = appOf(ctx.publicId);
      const data = await mutate(ctx, (trx, mctx) => installApp(trx, mctx, app));
      return { type: 'AppInstall', data, status: 201 };
    },
  });

  api.route({
    rel: 'AppUninstall',
    method: 'DELETE',
    path: '/api/AppUninstall/{publicId}',
    access: 'company',
    capability: manage,
    bodyLimit: defaultBodyLimit,
    doc: {
      summary:
        'Uninstall an app: its screens and calls close to the company, its data is kept; 409 when not installed',
      pathParameters: [appParameter],
      response: { type: 'AppUninstall', fields: companyAppFields },
    },
    handler: async (ctx) => {
      const app = appOf(ctx.publicId);
      const data = await mutate(ctx, (trx, mctx) => uninstallApp(trx, mctx, app));
      return { type: 'AppUninstall', data };
    },
  });

  api.route({
    rel: 'AppConfigUpdate',
    method: 'PATCH',
    access: 'company',
    capability: manage,
    bodyLimit: defaultBodyLimit,
    doc: {
      summary:
        "Change settings of an installed app ({publicId, config}); config holds only the settings to change, checked against the app's schema",
      body: appConfigUpdateInput,
      response: { type: 'AppConfigUpdate', fields: companyAppFields },
    },
    handler: async (ctx) => {
      const input = parseInput(appConfigUpdateInput, ctx.body);
      const app = appOf(input.publicId, 'publicId');
      // Parsed under `config`, so an error names `config.retentionDays`.
      const { config } = parseInput(z.object({ config: appConfigPatchSchema(app) }), {
        config: input.config,
      });
      const data = await mutate(ctx, (trx, mctx) => changeAppConfig(trx, mctx, app, config));
      return { type: 'AppConfigUpdate', data };
    },
  });
}
