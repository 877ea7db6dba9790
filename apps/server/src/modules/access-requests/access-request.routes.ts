import type { Api } from '../../http/api.ts';
import type { ModuleDeps } from '../index.ts';

export function registerAccessRequestRoutes(_api: Api, _deps: ModuleDeps) {}
