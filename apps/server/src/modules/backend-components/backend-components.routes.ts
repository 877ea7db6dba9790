import {
  backendComponentMessageSubscriptionCreateInput,
  backendComponentMessageSubscriptionPatchInput,
  backendComponentTemplateCreateInput,
  backendComponentTemplatePatchInput,
  backendComponentTemplateShareCreateInput,
  backendComponentTemplateSharePatchInput,
} from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import { listBodyLimit } from '../../http/body-limits.ts';
import { notFound } from '../../http/errors.ts';
import { registerResource } from '../../http/resource.ts';
import type { Config } from '../../config.ts';
import { backendComponentSecretBox } from './config-secrets.ts';
import { configFields, configFilters, presentConfig } from './template-config.presenter.ts';
import { findConfigs, listConfigs } from './template-config.repository.ts';
import { configCreateSchema, configPatchSchema, createConfigService } from './template-config.service.ts';
import {
  presentSubscription,
  subscriptionFields,
  subscriptionFilters,
} from './message-subscription.presenter.ts';
import { findSubscriptions, listSubscriptions } from './message-subscription.repository.ts';
import { subscriptionService } from './message-subscription.service.ts';
import { formatRunLog } from './template-logs.ts';
import { runsOf } from './template-runs.repository.ts';
import { presentShare, shareFields, shareFilters } from './template-share.presenter.ts';
import { findShares, listShares } from './template-share.repository.ts';
import { shareService } from './template-share.service.ts';
import { presentTemplate, templateFields, templateFilters } from './template.presenter.ts';
import { findVisibleTemplates, listVisibleTemplates } from './template.repository.ts';
import { templateService } from './template.service.ts';

const capability = 'backendComponents.manage';

/**
 * Backend component templates (the company's own and those shared with it), their shares,
 * each company's config and message subscriptions, and the download of a template's run log.
 * Everything needs `backendComponents.manage`; adding needs the backend-components app.
 */
export function registerBackendComponentRoutes(api: Api, deps: { config: Pick<Config, 'dataDir'> }) {
  const configService = createConfigService(backendComponentSecretBox(deps.config));

  registerResource(api, {
    name: 'BackendComponentTemplate',
    read: capability,
    write: capability,
    fields: templateFields,
    filters: templateFilters,
    repository: { list: listVisibleTemplates, findByPublicIds: findVisibleTemplates },
    present: presentTemplate,
    // A template's code may be 100 000 characters: more than an item route's default body.
    itemBodyLimit: listBodyLimit,
    create: { schema: backendComponentTemplateCreateInput, run: templateService.create },
    update: { schema: backendComponentTemplatePatchInput, run: templateService.change },
    remove: { run: templateService.remove },
  });

  registerResource(api, {
    name: 'BackendComponentTemplateConfig',
    read: capability,
    write: capability,
    fields: configFields,
    filters: configFilters,
    repository: { list: listConfigs, findByPublicIds: findConfigs },
    present: presentConfig,
    create: { schema: configCreateSchema, run: configService.create },
    update: { schema: configPatchSchema, run: configService.change },
    remove: { run: configService.remove },
  });

  registerResource(api, {
    name: 'BackendComponentTemplateShare',
    read: capability,
    write: capability,
    fields: shareFields,
    filters: shareFilters,
    repository: { list: listShares, findByPublicIds: findShares },
    present: presentShare,
    create: { schema: backendComponentTemplateShareCreateInput, run: shareService.create },
    update: { schema: backendComponentTemplateSharePatchInput, run: shareService.change },
    remove: { run: shareService.remove },
  });

  registerResource(api, {
    name: 'BackendComponentMessageSubscription',
    read: capability,
    write: capability,
    fields: subscriptionFields,
    filters: subscriptionFilters,
    repository: { list: listSubscriptions, findByPublicIds: findSubscriptions },
    present: presentSubscription,
    create: { schema: backendComponentMessageSubscriptionCreateInput, run: subscriptionService.create },
    update: { schema: backendComponentMessageSubscriptionPatchInput, run: subscriptionService.change },
    remove: { run: subscriptionService.remove },
  });

  api.route({
    rel: 'BackendComponentTemplateDownloadLogs',
    method: 'GET',
    item: true,
    access: 'company',
    capability,
    doc: {
      summary:
        "The company's kept runs of a template (its own or one shared with it) as a text file, newest first: " +
        'time, status, duration and trigger of each run, then its console output and its result or error',
      contentType: 'text/plain',
    },
    handler: async (ctx) => {
      const [template] = await findVisibleTemplates(ctx.db, ctx.company.id, [ctx.publicId]);
      if (!template) throw notFound();
      const text = formatRunLog(template.name, await runsOf(ctx.db, ctx.company.id, template.id));
      ctx.reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cloud-function.log"')
        .header('cache-control', 'no-store');
      return { type: 'BackendComponentTemplateDownloadLogs', data: null, raw: text };
    },
  });
}
