import type { Api } from '../../http/api.ts';
import type { ModuleDeps } from '../index.ts';

// Filled by the module's own work.
export function registerAudienceRoutes(_api: Api, _deps: ModuleDeps) {}
