import { readFileSync } from 'node:fs';
import type { ClientConfig } from '@fleetgate/contracts';
import type { Api } from '../../http/api.ts';
import type { ModuleDeps } from '../index.ts';

const serverPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Installation settings the web app needs before anyone logs in: help centre, status page, error reporting. */
export function registerClientConfigRoutes(api: Api, deps: ModuleDeps) {
  const data: ClientConfig = {
    helpCentreUrl: deps.config.helpCentreUrl ?? null,
    cloudDomain: deps.config.cloudDomain ?? null,
    statusPageUrl: deps.config.statusPageUrl ?? null,
    version: serverPackage.version,
    // The web app reports its errors here; a DSN's key is public by design.
    sentryDsn: deps.config.sentryDsn ?? null,
  };
  api.route({
    rel: 'ClientConfig',
    method: 'GET',
    access: 'public',
    doc: { summary: 'Installation settings the web app needs before sign-in' },
    handler: async () => ({ type: 'ClientConfig', data }),
  });
}
