import type { FastifyRequest } from 'fastify';
import { limits } from '@fleetgate/contracts';
import { headerValue } from '../../http/api.ts';

/** What the session list calls the client: the Api-Application header, else the user agent. */
export function clientOf(request: FastifyRequest): string | null {
  const named = headerValue(request, 'api-application') || headerValue(request, 'user-agent');
  return named ? named.slice(0, limits.nameMaxLength) : null;
}
