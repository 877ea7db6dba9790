import type { Api } from '../../http/api.ts';
import type { ModuleDeps } from '../index.ts';

export function registerTunnelRoutes(_api: Api, _deps: ModuleDeps) {}
