import { createHash } from 'node:crypto';
import { PortalError, type PortalClient, type PortalUser } from './portal-client.ts';

const validForMs = 60_000;
const refusedForMs = 5_000;

/**
 * Checks access tokens with the portal (`GET MyUser`). Status reads and the status WebSocket
 * reuse a check for a minute, so the portal's installer polling does not cost a call each time;
 * a connect always asks the portal again.
 */
export class TokenCheck {
  readonly #cache = new Map<string, { until: number; user?: PortalUser; error?: PortalError }>();

  async verify(
    portal: PortalClient,
    token: string,
    options: { companyId?: string | undefined; fresh?: boolean } = {},
  ): Promise<PortalUser> {
    const key = `${portal.portal}\0${createHash('sha256').update(token).digest('hex')}\0${options.companyId ?? ''}`;
    const cached = this.#cache.get(key);
    if (!options.fresh && cached && cached.until > Date.now()) {
      if (cached.user) return cached.user;
      throw cached.error!;
    }
    this.#prune();
    try {
      const user = await portal.myUser({ token, companyId: options.companyId });
      this.#cache.set(key, { until: Date.now() + validForMs, user });
      return user;
    } catch (error) {
      // Only a refusal is remembered; an unreachable portal is asked again next time.
      if (error instanceof PortalError && error.status === 401) {
        this.#cache.set(key, { until: Date.now() + refusedForMs, error });
      } else this.#cache.delete(key);
      throw error;
    }
  }

  #prune() {
    const now = Date.now();
    for (const [key, entry] of this.#cache) if (entry.until <= now) this.#cache.delete(key);
  }
}
