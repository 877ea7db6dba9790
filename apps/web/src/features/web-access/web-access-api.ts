import type { WebAccessSession } from '@fleetgate/contracts';
import { apiData } from '../../api/client.ts';

/** `POST AgentWebAccessSessionList/{agentPublicId}`: a web access session to one service. */
export function createWebAccessSession(
  agentPublicId: string,
  serverPublicId: string,
  viewOnly?: boolean,
): Promise<WebAccessSession> {
  return apiData<WebAccessSession>('AgentWebAccessSessionList', {
    method: 'POST',
    params: { publicId: agentPublicId },
    body: { server: { publicId: serverPublicId }, ...(viewOnly === undefined ? {} : { viewOnly }) },
  });
}

/**
 * `DELETE WebAccessSession/{publicId}`: ends one's own session. Sent as the viewer closes, with
 * nobody waiting for it: an outage must not take the user to the error page.
 */
export async function endWebAccessSession(publicId: string): Promise<void> {
  await apiData<unknown>('WebAccessSession', {
    method: 'DELETE',
    params: { publicId },
    redirectOnUnavailable: false,
  });
}
